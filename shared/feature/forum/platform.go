package forum

import (
	"context"

	"rvcontent/shared/platform/forumapi"
)

// Platform is the forum as the service reads it: search, one thread, one
// comment. It never posts. Two adapters implement it: the public JSON API
// of the forum (package forumapi) and the dev stack's fixture forum
// (package forumfixture).
type Platform interface {
	// Search returns at most limit threads whose title or text match
	// query, newest first. Errors: any failure to read the forum.
	Search(ctx context.Context, query string, limit int) ([]forumapi.Post, error)
	// Thread returns one thread with its body and top comments (Detailed
	// set). Errors: forumapi.ErrNoThread when the forum has no such thread, any
	// failure to read the forum.
	Thread(ctx context.Context, forumID string) (forumapi.Post, error)
	// Comment reads the comment at permalink and says whether it is live,
	// removed or missing. Errors: any failure to read the forum (a missing
	// comment is a state, not an error).
	Comment(ctx context.Context, permalink string) (forumapi.CommentCheck, error)
	// CommentLink checks that permalink is a comment link on the forum's
	// public host and returns what it points to; problem says what is
	// wrong otherwise.
	CommentLink(permalink string) (ref forumapi.CommentRef, problem string)
}
