package sessions_test

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/dev/mailbox"

	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/sessions"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/secret"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/mail"
	"rvcontent/test/dynamotest"
)

// links returns the links of the mails box was sent, oldest first.
func links(box *mailbox.Memory) []string {
	var out []string
	for _, m := range box.Sent() {
		out = append(out, m.Links...)
	}
	return out
}

// owners knows one claimed and one unclaimed account.
type owners struct{}

func (owners) FindByEmail(_ context.Context, email string) (accounts.Account, error) {
	switch strings.ToLower(email) {
	case "owner@example.com":
		return accounts.Account{ID: "acct-1", Email: "owner@example.com", Claimed: true}, nil
	case "unclaimed@example.com":
		return accounts.Account{ID: "acct-2", Email: "unclaimed@example.com"}, nil
	}
	return accounts.Account{}, accounts.ErrNotFound
}

func newService(t *testing.T) (*sessions.Service, *clock.Fixed, *mailbox.Memory) {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	table := dynamotest.Table(t)
	c := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	box := &mailbox.Memory{}
	svc := &sessions.Service{
		Table: table, Clock: c, Mail: &mail.Spool{Table: table, Clock: c, Sender: box}, Owners: owners{},
		Counters: &ratelimit.Counters{Table: table, Clock: c}, BaseURL: "https://svc.example", Keys: secret.Static("csrf-secret"),
	}
	// The claimed account's item: a sign-in link leads only to an account
	// that exists and is not deleted.
	type accountItem struct {
		PK string `dynamodbav:"pk"`
		SK string `dynamodbav:"sk"`
	}
	if err := table.Put(context.Background(), accountItem{PK: dynamo.AccountPK("acct-1"), SK: dynamo.AccountSK}); err != nil {
		t.Fatal(err)
	}
	return svc, c, box
}

func tokenOf(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || u.Path != sessions.VerifyPath {
		t.Fatalf("link %q", link)
	}
	return u.Query().Get("token")
}

func TestSignInLinkStartsOneSession(t *testing.T) {
	svc, c, box := newService(t)
	ctx := context.Background()
	for _, email := range []string{"unclaimed@example.com", "nobody@example.com"} {
		if err := svc.SendLink(ctx, email, "/x"); err != nil {
			t.Fatal(err)
		}
	}
	if len(links(box)) != 0 {
		t.Fatalf("links sent to unclaimed or unknown addresses: %v", links(box))
	}
	if err := svc.SendLink(ctx, "Owner@Example.com", "/oauth/consent?authorization_id=1"); err != nil {
		t.Fatal(err)
	}
	link := links(box)[0]
	if u, _ := url.Parse(link); u.Query().Get("next") != "/oauth/consent?authorization_id=1" {
		t.Fatalf("link %q does not name its next page", link)
	}
	token := tokenOf(t, link)
	st, err := svc.Redeem(ctx, token)
	if err != nil {
		t.Fatal(err)
	}
	if st.Next != "/oauth/consent?authorization_id=1" || st.Session.AccountID != "acct-1" || st.Session.Email != "owner@example.com" ||
		!st.Session.ExpiresAt.Equal(c.Now().Add(sessions.Lifetime)) {
		t.Fatalf("started %+v", st)
	}
	if _, err := svc.Redeem(ctx, token); !errors.Is(err, sessions.ErrBadLink) {
		t.Fatalf("second use: %v", err)
	}
	sess, err := svc.Get(ctx, st.Secret)
	if err != nil || sess.AccountID != "acct-1" {
		t.Fatalf("session %+v, %v", sess, err)
	}
	if !svc.ValidCSRF(sess, svc.CSRF(st.Session)) || svc.ValidCSRF(sess, "x") || svc.ValidCSRF(sessions.Session{}, svc.CSRF(sessions.Session{})) {
		t.Fatal("CSRF tokens are not bound to the session")
	}
	c.Add(sessions.Lifetime)
	if _, err := svc.Get(ctx, st.Secret); !errors.Is(err, sessions.ErrNoSession) {
		t.Fatalf("session after its lifetime: %v", err)
	}
}

func TestSignInLinkExpiresAndSessionEnds(t *testing.T) {
	svc, c, box := newService(t)
	ctx := context.Background()
	for i := 0; i < 2; i++ {
		if err := svc.SendLink(ctx, "owner@example.com", ""); err != nil {
			t.Fatal(err)
		}
	}
	c.Add(sessions.LinkLifetime - time.Second)
	st, err := svc.Redeem(ctx, tokenOf(t, links(box)[0]))
	if err != nil {
		t.Fatalf("link a second before expiry: %v", err)
	}
	c.Add(time.Second)
	if _, err := svc.Redeem(ctx, tokenOf(t, links(box)[1])); !errors.Is(err, sessions.ErrBadLink) {
		t.Fatalf("link at expiry: %v", err)
	}
	if err := svc.End(ctx, st.Secret); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Get(ctx, st.Secret); !errors.Is(err, sessions.ErrNoSession) {
		t.Fatalf("ended session: %v", err)
	}
}

// TestSignInLinksPerHour: LinksPerHour links an hour, then one a LinkSlot
// (whoever asks, so a stranger cannot keep the owner from signing in).
func TestSignInLinksPerHour(t *testing.T) {
	svc, c, box := newService(t)
	ctx := context.Background()
	send := func(n int) {
		t.Helper()
		for range n {
			if err := svc.SendLink(ctx, "owner@example.com", ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	send(sessions.LinksPerHour + 2)
	if n := len(links(box)); n != sessions.LinksPerHour+1 {
		t.Fatalf("%d links sent, want %d and one for the slot", n, sessions.LinksPerHour+1)
	}
	c.Add(sessions.LinkSlot)
	send(3)
	if n := len(links(box)); n != sessions.LinksPerHour+2 {
		t.Fatalf("%d links sent, want one more in the next slot", n)
	}
}
