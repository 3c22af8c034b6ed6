package integrations

import (
	"context"

	"rvcontent/shared/platform/pushapi"
)

// Platform speaks one platform's push API (package pushapi implements both).
type Platform interface {
	// Check makes the test call: it returns the site's name, categories
	// and authors, or a *pushapi.PushError.
	Check(ctx context.Context, c pushapi.Conn) (pushapi.SiteInfo, error)
	// Create adds p and returns the remote post. idemKey makes a retried
	// create return the first post instead of a second one.
	Create(ctx context.Context, c pushapi.Conn, p pushapi.Post, idemKey string) (pushapi.Remote, error)
	// Update replaces remote post id with p. A post gone from the
	// platform is a *pushapi.PushError with Gone set.
	Update(ctx context.Context, c pushapi.Conn, id string, p pushapi.Post) (pushapi.Remote, error)
}

var (
	_ Platform = pushapi.Platform1{}
	_ Platform = pushapi.Platform2{}
)
