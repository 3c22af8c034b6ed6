// Package forumfixture is the dev stack's stand-in for the forum (README,
// "The dev stack", "Fixture forum"): threads and their comments are kept in the table, so
// they survive like everything else, and tests add and change them through
// /_dev/forum. It implements forum.Platform the way the public API does:
// search by keywords, one thread with its top comments, one comment by
// permalink with its state. Its public host is forum.example.com.
package forumfixture

import (
	"context"
	"crypto/rand"
	"errors"
	"sort"
	"time"

	"rvcontent/shared/platform/forumapi"

	"rvcontent/shared/feature/forum"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Host is the fixture forum's public host.
const Host = "forum.example.com"

// TopComments is how many comments a thread shows as its top comments.
const TopComments = 5

// Forum is the fixture forum.
type Forum struct {
	Table *dynamo.Table
	Clock clock.Clock
}

var _ forum.Platform = (*Forum)(nil)

// Links builds and reads the fixture forum's permalinks.
var Links = forumapi.Permalinks{Host: Host}

// threadItem is a fixture thread with its comments.
type threadItem struct {
	PK          string        `dynamodbav:"pk"`
	SK          string        `dynamodbav:"sk"`
	ForumID     string        `dynamodbav:"forum_id"`
	Subforum    string        `dynamodbav:"subforum"`
	Title       string        `dynamodbav:"title"`
	Body        string        `dynamodbav:"body"`
	UpVotes     int           `dynamodbav:"up_votes"`
	NumComments int           `dynamodbav:"num_comments"`
	PostedAt    string        `dynamodbav:"posted_at"`
	IsLocked    bool          `dynamodbav:"is_locked"`
	Archived    bool          `dynamodbav:"archived"`
	Removed     bool          `dynamodbav:"removed"`
	PromoBanned bool          `dynamodbav:"promo_banned"`
	Comments    []commentItem `dynamodbav:"comments"`
	Version     int           `dynamodbav:"version"`
}

// commentItem is one comment of a fixture thread.
type commentItem struct {
	ID    string `dynamodbav:"id"`
	Body  string `dynamodbav:"body"`
	Score int    `dynamodbav:"score"`
	State string `dynamodbav:"state"` // forumapi.CommentLive or forumapi.CommentRemoved
}

func (t threadItem) permalink() string { return Links.Thread(t.Subforum, t.ForumID, t.Title) }

// post renders the thread as the platform shows it: the subforum's rules
// are known only when they ban self-promotion.
func (t threadItem) post() forumapi.Post {
	posted, _ := clock.Parse(t.PostedAt)
	p := forumapi.Post{
		ForumID: t.ForumID, Subforum: t.Subforum, Permalink: t.permalink(), Title: t.Title, Body: t.Body,
		UpVotes: t.UpVotes, NumComments: t.NumComments, PostedAt: posted, IsLocked: t.IsLocked,
		Archived: t.Archived, Removed: t.Removed, RulesKnown: t.PromoBanned, PromoBanned: t.PromoBanned,
		Comments: []forumapi.Comment{}, Detailed: true,
	}
	live := make([]commentItem, 0, len(t.Comments))
	for _, c := range t.Comments {
		if c.State == forumapi.CommentLive {
			live = append(live, c)
		}
	}
	sort.SliceStable(live, func(i, j int) bool { return live[i].Score > live[j].Score })
	for i, c := range live {
		if i == TopComments {
			break
		}
		p.Comments = append(p.Comments, forumapi.Comment{Body: c.Body, Score: c.Score})
	}
	return p
}

// Search returns the threads whose title or body holds every content word
// of query, newest first.
func (f *Forum) Search(ctx context.Context, query string, limit int) ([]forumapi.Post, error) {
	in, err := dynamo.Partition(dynamo.DevForumPK).Input()
	if err != nil {
		return nil, err
	}
	rows, err := f.Table.QueryAll(ctx, in)
	if err != nil {
		return nil, err
	}
	items, err := dynamo.UnmarshalList[threadItem](rows)
	if err != nil {
		return nil, err
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].PostedAt > items[j].PostedAt })
	var out []forumapi.Post
	for _, t := range items {
		if len(out) < limit && forum.Matches(query, t.Title+" "+t.Body) {
			out = append(out, t.post())
		}
	}
	return out, nil
}

// Thread returns one thread; forumapi.ErrNoThread when there is none.
func (f *Forum) Thread(ctx context.Context, forumID string) (forumapi.Post, error) {
	t, err := f.get(ctx, forumID)
	if err != nil {
		return forumapi.Post{}, err
	}
	return t.post(), nil
}

// Comment reads the comment at permalink: live, removed, or missing when
// the thread or the comment does not exist.
func (f *Forum) Comment(ctx context.Context, permalink string) (forumapi.CommentCheck, error) {
	ref, problem := Links.ParseComment(permalink)
	if problem != "" {
		return forumapi.CommentCheck{State: forumapi.CommentMissing}, nil
	}
	t, err := f.get(ctx, ref.ForumID)
	if errors.Is(err, forumapi.ErrNoThread) {
		return forumapi.CommentCheck{State: forumapi.CommentMissing}, nil
	}
	if err != nil {
		return forumapi.CommentCheck{}, err
	}
	for _, c := range t.Comments {
		if c.ID == ref.CommentID {
			return forumapi.CommentCheck{State: c.State, Score: c.Score, ScoreKnown: true}, nil
		}
	}
	return forumapi.CommentCheck{State: forumapi.CommentMissing}, nil
}

// CommentLink checks a comment permalink's host and shape.
func (f *Forum) CommentLink(permalink string) (forumapi.CommentRef, string) {
	return Links.ParseComment(permalink)
}

// maxForumID bounds the ids get looks up: newID makes 7 characters, and a
// longer one (from a permalink or a harness call) names no thread rather
// than a key the table refuses.
const maxForumID = 64

func (f *Forum) get(ctx context.Context, forumID string) (threadItem, error) {
	if forumID == "" || len(forumID) > maxForumID {
		return threadItem{}, forumapi.ErrNoThread
	}
	var t threadItem
	err := f.Table.Get(ctx, dynamo.DevForumPK, forumID, &t)
	if errors.Is(err, dynamo.ErrNotFound) {
		return threadItem{}, forumapi.ErrNoThread
	}
	return t, err
}

// newID returns a random forum-style id: 7 lowercase letters and digits.
func newID() string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, 7)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

func (f *Forum) now() time.Time { return f.Clock.Now() }
