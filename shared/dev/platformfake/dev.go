package platformfake

import (
	"context"
	"net/http"
	"net/http/httptest"
)

// The dev stack's fixture platform site: connect either integration to
// https://DevHost with DevToken.
const (
	DevHost  = "platform.example.com"
	DevToken = "dev-platform-token"
)

// Hosts sets the dev stack's outbound host overrides.
type Hosts interface {
	SetHost(ctx context.Context, host, address string) error
}

// StartDev serves a fake platform site over TLS on loopback for the dev
// stack until ctx ends, points DevHost at it, and adds the harness route
// GET /_dev/platform/posts (every post pushed to it, in creation order) to
// extra.
func StartDev(ctx context.Context, hosts Hosts, extra map[string]http.HandlerFunc) error {
	fake := New("Fixture blog", DevToken)
	srv := httptest.NewTLSServer(fake)
	if err := hosts.SetHost(ctx, DevHost, srv.Listener.Addr().String()); err != nil {
		srv.Close()
		return err
	}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	extra["GET /_dev/platform/posts"] = func(w http.ResponseWriter, _ *http.Request) {
		posts := fake.Posts()
		if posts == nil {
			posts = []Post{}
		}
		reply(w, http.StatusOK, map[string]any{"posts": posts})
	}
	return nil
}
