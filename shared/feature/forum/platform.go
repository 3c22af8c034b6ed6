package forum

import (
	"context"
	"errors"
	"time"
)

// Platform is the forum as the service reads it: search, one thread, one
// comment. It never posts. Two adapters implement it: the public JSON API
// of the forum (package publicapi) and the dev stack's fixture forum
// (package fixture).
type Platform interface {
	// Search returns at most limit threads whose title or text match
	// query, newest first. Errors: any failure to read the forum.
	Search(ctx context.Context, query string, limit int) ([]Post, error)
	// Thread returns one thread with its body and top comments (Detailed
	// set). Errors: ErrNoThread when the forum has no such thread, any
	// failure to read the forum.
	Thread(ctx context.Context, forumID string) (Post, error)
	// Comment reads the comment at permalink and says whether it is live,
	// removed or missing. Errors: any failure to read the forum (a missing
	// comment is a state, not an error).
	Comment(ctx context.Context, permalink string) (CommentCheck, error)
	// CommentLink checks that permalink is a comment link on the forum's
	// public host and returns what it points to; problem says what is
	// wrong otherwise.
	CommentLink(permalink string) (ref CommentRef, problem string)
}

// ErrNoThread is returned by Platform.Thread for a thread the forum does not
// have.
var ErrNoThread = errors.New("forum: no such thread")

// Post is a thread as the forum shows it.
type Post struct {
	ForumID     string
	Subforum    string
	Permalink   string
	Title       string
	Body        string
	UpVotes     int
	NumComments int
	PostedAt    time.Time
	IsLocked    bool
	Archived    bool
	Removed     bool
	// RulesKnown says whether the subforum's rules could be read;
	// PromoBanned whether they forbid self-promotion.
	RulesKnown  bool
	PromoBanned bool
	// Comments are the top comments, best first. Detailed says Body and
	// Comments are complete (a search result may carry neither).
	Comments []Comment
	Detailed bool
}

// Comment is one comment of a thread.
type Comment struct {
	Body  string `json:"body" dynamodbav:"body"`
	Score int    `json:"score" dynamodbav:"score"`
}

// Comment states a reply check can find.
const (
	CommentLive    = "live"
	CommentRemoved = "removed"
	CommentMissing = "missing"
)

// CommentCheck is what the forum shows of a comment.
type CommentCheck struct {
	State string // CommentLive, CommentRemoved or CommentMissing
	Score int
	// ScoreKnown says whether Score was read.
	ScoreKnown bool
}

// CommentRef is what a comment permalink points to.
type CommentRef struct {
	Subforum  string
	ForumID   string
	CommentID string
}
