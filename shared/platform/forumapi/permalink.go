package forumapi

import (
	"net/url"
	"regexp"
	"strings"
	"sync"
	"unicode"
)

// Permalinks builds and reads the forum's public links:
// https://<host>/r/<subforum>/comments/<forum_id>/<slug>/ for a thread, and
// the same plus <comment_id>/ for a comment.
type Permalinks struct {
	// Host is the forum's public host; Aliases are other hosts serving the
	// same links (an old or bare-domain host).
	Host    string
	Aliases []string
}

// Thread returns the permalink of a thread.
func (p Permalinks) Thread(subforum, forumID, title string) string {
	return "https://" + p.Host + "/r/" + subforum + "/comments/" + forumID + "/" + Slug(title) + "/"
}

// Comment returns the permalink of a comment of the thread at threadLink.
func (p Permalinks) Comment(threadLink, commentID string) string {
	return strings.TrimSuffix(threadLink, "/") + "/" + commentID + "/"
}

// linkPath is the path of a thread or comment link.
var linkPath = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^/r/([A-Za-z0-9_-]{1,50})/comments/([A-Za-z0-9]{1,20})(?:/([^/]+))?(?:/([A-Za-z0-9]{1,20}))?/?$`)
})

// ParseComment reads a comment permalink. problem is a sentence ending for
// validation details when raw is not a comment link on the forum's public
// host.
func (p Permalinks) ParseComment(raw string) (ref CommentRef, problem string) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return CommentRef{}, "must be an https link to your comment on " + p.Host
	}
	if !p.isHost(u.Hostname()) || u.User != nil || (u.Port() != "" && u.Port() != defaultPorts[u.Scheme]) {
		return CommentRef{}, "must be a link on the forum's public host " + p.Host + ", without a user name or another port"
	}
	m := linkPath().FindStringSubmatch(u.EscapedPath())
	if m == nil {
		return CommentRef{}, "must look like https://" + p.Host + "/r/<subforum>/comments/<thread_id>/<slug>/<comment_id>/"
	}
	if m[4] == "" {
		return CommentRef{}, "links to the thread, not to a comment: open your comment's permalink and send that"
	}
	return CommentRef{Subforum: m[1], ForumID: strings.ToLower(m[2]), CommentID: strings.ToLower(m[4])}, ""
}

// defaultPorts are the ports a link may name for its scheme: its own.
var defaultPorts = map[string]string{"http": "80", "https": "443"}

func (p Permalinks) isHost(h string) bool {
	h = strings.ToLower(h)
	if h == strings.ToLower(p.Host) {
		return true
	}
	for _, a := range p.Aliases {
		if h == strings.ToLower(a) {
			return true
		}
	}
	return false
}

// Slug returns the link slug of a title: its lowercase words joined by
// underscores, at most 50 characters, "_" when the title has no word.
func Slug(title string) string {
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(title), func(r rune) bool {
		return !(r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)))
	}) {
		words = append(words, w)
	}
	s := strings.Join(words, "_")
	if len(s) > 50 {
		s = strings.TrimRight(s[:50], "_")
	}
	if s == "" {
		return "_"
	}
	return s
}
