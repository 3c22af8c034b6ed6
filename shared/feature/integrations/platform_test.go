package integrations_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/shared/kernel/secret"
	"rvcontent/shared/platform/pushapi"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/platform/egress"
)

// overrides sends every host to one address, as the dev stack's
// /_dev/hosts does.
type overrides struct{ addr string }

func (o overrides) Address(string) (string, bool) { return o.addr, true }
func (o overrides) TXT(string) ([]string, bool)   { return nil, false }

func fixture(t *testing.T) (*platformfake.Server, *egress.Client) {
	t.Helper()
	fake := platformfake.New("Fixture", "secret")
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	return fake, egress.New(egress.Options{Overrides: overrides{srv.Listener.Addr().String()}})
}

func TestPlatformProtocols(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		id     string
		new    func(*egress.Client) integrations.Platform
		status string
	}{
		{integrations.Platform1, func(e *egress.Client) integrations.Platform { return pushapi.NewPlatform1(e) }, "publish"},
		{integrations.Platform2, func(e *egress.Client) integrations.Platform { return pushapi.NewPlatform2(e) }, "published"},
	} {
		t.Run(c.id, func(t *testing.T) {
			fake, client := fixture(t)
			p := c.new(client)
			conn := pushapi.Conn{SiteURL: "https://cms.example.com/sub", Token: "secret"}
			info, err := p.Check(ctx, conn)
			if err != nil || info.Name != "Fixture" || len(info.Categories) != 2 || len(info.Authors) != 1 {
				t.Fatalf("check: %+v, %v", info, err)
			}
			post := pushapi.Post{Title: "T", Slug: "t-1", Excerpt: "E", HTML: "<p>x</p>", Markdown: "x", Tags: []string{"a", "b"}, Status: pushapi.StatusPublish}
			rem, err := p.Create(ctx, conn, post, "key-1")
			if err != nil || rem.ID == "" || rem.URL != "https://cms.example.com/blog/t-1" {
				t.Fatalf("create: %+v, %v", rem, err)
			}
			again, err := p.Create(ctx, conn, post, "key-1")
			if err != nil || again.ID != rem.ID {
				t.Fatalf("create replayed with the same key: %+v, %v", again, err)
			}
			post.Title = "T2"
			if up, err := p.Update(ctx, conn, rem.ID, post); err != nil || up.ID != rem.ID {
				t.Fatalf("update: %+v, %v", up, err)
			}
			got := fake.Posts()
			if len(got) != 1 || got[0].Title != "T2" || got[0].Status != c.status || got[0].Excerpt != "E" || len(got[0].Tags) != 2 || got[0].Writes != 2 {
				t.Fatalf("posts %+v", got)
			}

			var pe *pushapi.PushError
			fake.Remove(rem.ID)
			if _, err := p.Update(ctx, conn, rem.ID, post); !errors.As(err, &pe) || !pe.Gone {
				t.Fatalf("update of a removed post: %v", err)
			}
			fake.FailWrites(http.StatusBadGateway)
			if _, err := p.Create(ctx, conn, post, "key-2"); !errors.As(err, &pe) || pe.Connection || pe.Message != "The "+c.id+" site answered HTTP 502: The site is read-only right now." {
				t.Fatalf("failing write: %v", err)
			}
			conn.Token = "wrong"
			if _, err := p.Check(ctx, conn); !errors.As(err, &pe) || !pe.Connection || !strings.Contains(pe.Message, "refused the API token (HTTP 401)") {
				t.Fatalf("wrong token: %v", err)
			}
		})
	}
}

func TestUnreachablePlatform(t *testing.T) {
	client := egress.New(egress.Options{})
	_, err := pushapi.NewPlatform1(client).Check(context.Background(), pushapi.Conn{SiteURL: "https://127.0.0.1", Token: "x"})
	var pe *pushapi.PushError
	if !errors.As(err, &pe) || !pe.Connection || !strings.HasPrefix(pe.Message, "The push_platform_1 site could not be reached: ") {
		t.Fatalf("loopback address: %v", err)
	}
}

func TestSealer(t *testing.T) {
	s := integrations.NewSealer(secret.Static("a-secret-key-of-at-least-32-characters"))
	sealed, err := s.Seal("tok", "site/push_platform_1/c1")
	if err != nil || strings.Contains(sealed, "tok") {
		t.Fatalf("sealed %q, %v", sealed, err)
	}
	if got, err := s.Open(sealed, "site/push_platform_1/c1"); err != nil || got != "tok" {
		t.Fatalf("open: %q, %v", got, err)
	}
	if _, err := s.Open(sealed, "site/push_platform_1/c2"); err == nil {
		t.Fatal("opened for another connection")
	}
	if _, err := integrations.NewSealer(secret.Static("another-secret-key-of-32-characters!!")).Open(sealed, "site/push_platform_1/c1"); err == nil {
		t.Fatal("opened with another key")
	}
}
