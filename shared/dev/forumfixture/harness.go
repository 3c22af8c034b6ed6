package forumfixture

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"rvcontent/shared/platform/forumapi"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Routes returns the fixture forum's /_dev routes (README, "The dev stack"), for
// the dev harness's Extra: add a thread, add a comment, set a comment's
// state, and (beyond the contract) change a thread's flags.
func (f *Forum) Routes() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		"POST /_dev/forum/threads":   f.addThread,
		"PATCH /_dev/forum/threads":  f.changeThread,
		"POST /_dev/forum/comments":  f.addComment,
		"PATCH /_dev/forum/comments": f.setComment,
	}
}

// threadBody is the body of POST /_dev/forum/threads.
type threadBody struct {
	Subforum    string          `json:"subforum"`
	Title       string          `json:"title"`
	Body        string          `json:"body"`
	UpVotes     int             `json:"up_votes"`
	NumComments *int            `json:"num_comments"`
	PostedAt    json.RawMessage `json:"posted_at"`
	IsLocked    bool            `json:"is_locked"`
	Archived    bool            `json:"archived"`
	Removed     bool            `json:"removed"`
	PromoBanned bool            `json:"promo_banned"`
	Comments    []struct {
		Body  string `json:"body"`
		Score int    `json:"score"`
	} `json:"comments"`
}

// The forum's own limits on a thread's title and text and a comment's.
const (
	maxTitle       = 300
	maxThreadBody  = 40000
	maxCommentBody = 10000
)

// maxThreadSize bounds the bytes a thread's title, text and comments take
// together: the fixture keeps a thread with its comments in one table
// item, which holds at most 400 KB, and the rest of the item fits in what
// is left.
const maxThreadSize = 350_000

// commentSize is what a comment of body takes of its thread's item: the
// text and, generously, its id, score, state and their names.
func commentSize(body string) int { return len(body) + 64 }

// size is what t's title, text and comments take of its item.
func (t threadItem) size() int {
	n := len(t.Title) + len(t.Body)
	for _, c := range t.Comments {
		n += commentSize(c.Body)
	}
	return n
}

var subforumName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,50}$`)

// decode reads a fixture call's JSON body into v; on failure it answers
// in the API's shape.
func decode(w http.ResponseWriter, r *http.Request, v any) bool { return api.DecodeInto(w, r, v) }

// forumIDGiven answers 422 and returns false when a body names no thread.
func forumIDGiven(w http.ResponseWriter, r *http.Request, forumID string) bool {
	if strings.TrimSpace(forumID) == "" {
		api.Error(w, r, apperr.Invalid(apperr.Problem{Field: "forum_id", Problem: "is required"}))
		return false
	}
	return true
}

// addThread adds a thread and answers {forum_id, permalink}. The
// subforum may be sent with or without its r/ prefix; posted_at defaults
// to the service clock's now, num_comments to the number of comments.
func (f *Forum) addThread(w http.ResponseWriter, r *http.Request) {
	var b threadBody
	if !decode(w, r, &b) {
		return
	}
	var problems []apperr.Problem
	b.Subforum = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(b.Subforum), "/"), "r/")
	if !subforumName.MatchString(b.Subforum) {
		problems = append(problems, apperr.Problem{Field: "subforum", Problem: "must be 1 to 50 letters, digits, underscores or hyphens"})
	}
	if strings.TrimSpace(b.Title) == "" {
		problems = append(problems, apperr.Problem{Field: "title", Problem: "is required"})
	} else if utf8.RuneCountInString(strings.TrimSpace(b.Title)) > maxTitle {
		problems = append(problems, apperr.Problem{Field: "title", Problem: fmt.Sprintf("must be at most %d characters, as on the forum", maxTitle)})
	}
	if utf8.RuneCountInString(b.Body) > maxThreadBody {
		problems = append(problems, apperr.Problem{Field: "body", Problem: fmt.Sprintf("must be at most %d characters, as on the forum", maxThreadBody)})
	}
	size := len(b.Title) + len(b.Body)
	for i, c := range b.Comments {
		if utf8.RuneCountInString(c.Body) > maxCommentBody {
			problems = append(problems, apperr.Problem{Field: fmt.Sprintf("comments[%d].body", i), Problem: fmt.Sprintf("must be at most %d characters, as on the forum", maxCommentBody)})
		}
		size += commentSize(c.Body)
	}
	if size > maxThreadSize && len(problems) == 0 {
		problems = append(problems, apperr.Problem{Field: "comments", Problem: fmt.Sprintf("must fit with the title and body in %d bytes: the fixture forum keeps a thread with its comments in one table item; add fewer or shorter comments", maxThreadSize)})
	}
	posted, ok := postedAt(b.PostedAt, f.now())
	if !ok {
		problems = append(problems, apperr.Problem{Field: "posted_at", Problem: "must be an RFC 3339 timestamp or Unix seconds"})
	}
	if len(problems) > 0 {
		api.Error(w, r, apperr.Invalid(problems...))
		return
	}
	t := threadItem{
		PK: dynamo.DevForumPK, ForumID: newID(), Subforum: b.Subforum, Title: strings.TrimSpace(b.Title), Body: b.Body,
		UpVotes: b.UpVotes, NumComments: len(b.Comments), PostedAt: clock.Format(posted), IsLocked: b.IsLocked,
		Archived: b.Archived, Removed: b.Removed, PromoBanned: b.PromoBanned, Comments: []commentItem{},
	}
	t.SK = t.ForumID
	if b.NumComments != nil {
		t.NumComments = *b.NumComments
	}
	for _, c := range b.Comments {
		t.Comments = append(t.Comments, commentItem{ID: newID(), Body: c.Body, Score: c.Score, State: forumapi.CommentLive})
	}
	if err := f.Table.PutNew(r.Context(), t); err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"forum_id": t.ForumID, "permalink": t.permalink()})
}

// changeThread sets a thread's flags and counts: {forum_id, is_locked,
// archived, removed, promo_banned, up_votes, num_comments}, each
// optional.
func (f *Forum) changeThread(w http.ResponseWriter, r *http.Request) {
	var b struct {
		ForumID     string `json:"forum_id"`
		IsLocked    *bool  `json:"is_locked"`
		Archived    *bool  `json:"archived"`
		Removed     *bool  `json:"removed"`
		PromoBanned *bool  `json:"promo_banned"`
		UpVotes     *int   `json:"up_votes"`
		NumComments *int   `json:"num_comments"`
	}
	if !decode(w, r, &b) || !forumIDGiven(w, r, b.ForumID) {
		return
	}
	t, err := f.change(r.Context(), b.ForumID, func(t *threadItem) error {
		set(&t.IsLocked, b.IsLocked)
		set(&t.Archived, b.Archived)
		set(&t.Removed, b.Removed)
		set(&t.PromoBanned, b.PromoBanned)
		set(&t.UpVotes, b.UpVotes)
		set(&t.NumComments, b.NumComments)
		return nil
	})
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"forum_id": t.ForumID, "permalink": t.permalink()})
}

// The Unix seconds of 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z.
const (
	minPostedAt = -62135596800
	maxPostedAt = 253402300799
)

// postedAt reads posted_at: an RFC 3339 timestamp or Unix seconds; absent
// or null is now.
func postedAt(raw json.RawMessage, now time.Time) (time.Time, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return now, true
	}
	var secs float64
	if json.Unmarshal(raw, &secs) == nil {
		// Only the seconds an RFC 3339 timestamp can write (years 1 to
		// 9999): the thread's time is kept as one.
		if secs < minPostedAt || secs > maxPostedAt {
			return time.Time{}, false
		}
		return time.Unix(int64(secs), 0).UTC(), true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return time.Time{}, false
	}
	t, err := clock.Parse(s)
	return t, err == nil
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// addComment adds a live comment (score 1), as a person posting a reply,
// and answers {permalink}.
func (f *Forum) addComment(w http.ResponseWriter, r *http.Request) {
	var b struct {
		ForumID string `json:"forum_id"`
		Body    string `json:"body"`
	}
	if !decode(w, r, &b) || !forumIDGiven(w, r, b.ForumID) {
		return
	}
	if utf8.RuneCountInString(b.Body) > maxCommentBody {
		api.Error(w, r, apperr.Invalid(apperr.Problem{Field: "body", Problem: fmt.Sprintf("must be at most %d characters, as on the forum", maxCommentBody)}))
		return
	}
	c := commentItem{ID: newID(), Body: b.Body, Score: 1, State: forumapi.CommentLive}
	t, err := f.change(r.Context(), b.ForumID, func(t *threadItem) error {
		if t.size()+commentSize(c.Body) > maxThreadSize {
			return apperr.New(apperr.Conflict, fmt.Sprintf("The fixture thread %s is full: it keeps at most %d bytes of title, text and comments in one table item. Post a shorter reply, or add a new thread.", t.ForumID, maxThreadSize))
		}
		t.Comments = append(t.Comments, c)
		t.NumComments++
		return nil
	})
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"permalink": Links.Comment(t.permalink(), c.ID), "comment_id": c.ID})
}

// setComment sets a comment's state: {permalink, state: live|removed}.
func (f *Forum) setComment(w http.ResponseWriter, r *http.Request) {
	var b struct {
		Permalink string `json:"permalink"`
		State     string `json:"state"`
	}
	if !decode(w, r, &b) {
		return
	}
	if b.State != forumapi.CommentLive && b.State != forumapi.CommentRemoved {
		api.Error(w, r, apperr.Invalid(apperr.Problem{Field: "state", Problem: "must be live or removed"}))
		return
	}
	ref, problem := Links.ParseComment(b.Permalink)
	if problem != "" {
		api.Error(w, r, apperr.Invalid(apperr.Problem{Field: "permalink", Problem: problem}))
		return
	}
	_, err := f.change(r.Context(), ref.ForumID, func(t *threadItem) error {
		for i := range t.Comments {
			if t.Comments[i].ID == ref.CommentID {
				t.Comments[i].State = b.State
				return nil
			}
		}
		return apperr.NotFoundf("The fixture forum has no comment %s in thread %s.", ref.CommentID, ref.ForumID)
	})
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"permalink": b.Permalink, "state": b.State})
}

// changeAttempts bounds how often change reads a thread again after
// another write came in between: enough for every one of a crowd of
// writes to one thread (replies posted at once) to take its turn.
const changeAttempts = 50

// change reads thread forumID, applies fn and writes it back unless
// another write came in between (then, after a pause that spreads out the
// writes racing for it, it reads again).
func (f *Forum) change(ctx context.Context, forumID string, fn func(*threadItem) error) (threadItem, error) {
	for attempt := 0; attempt < changeAttempts; attempt++ {
		if attempt > 0 {
			if err := backoff.Pause(ctx, attempt, backoff.LongestPause); err != nil {
				return threadItem{}, err
			}
		}
		t, err := f.get(ctx, forumID)
		if errors.Is(err, forumapi.ErrNoThread) {
			return threadItem{}, apperr.NotFoundf("The fixture forum has no thread %q.", forumID)
		}
		if err != nil {
			return threadItem{}, err
		}
		if err := fn(&t); err != nil {
			return threadItem{}, err
		}
		old := t.Version
		t.Version++
		tx := &dynamo.Tx{}
		tx.Put("thread", t, "version = :v", map[string]types.AttributeValue{":v": &types.AttributeValueMemberN{Value: strconv.Itoa(old)}})
		err = f.Table.Commit(ctx, tx, nil)
		if dynamo.LostRace(err, "thread") {
			continue
		}
		return t, err
	}
	return threadItem{}, apperr.New(apperr.Conflict, "The fixture thread kept changing; retry.")
}
