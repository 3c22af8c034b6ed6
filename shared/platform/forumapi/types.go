package forumapi

import (
	"errors"
	"time"
)

// ErrNoThread is returned by Platform.Thread for a thread the forum does not
// have.
var ErrNoThread = errors.New("forumapi: no such thread")

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
