package oauth_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/shared/dev/devstack"
	"rvcontent/shared/dev/mailbox"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/oauth"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/secret"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/mail"
	"rvcontent/test/dynamotest"
)

const issuer = "https://svc.example"

type owners struct{}

func (owners) OwnerEmail(context.Context, string) (string, error) { return "owner@example.com", nil }

const masterKey = "a-secret-key-of-at-least-32-characters!"

// keyFailingOnce returns a master key whose first read fails, as a
// Secrets Manager read can; the next read, which the failure starts,
// succeeds.
func keyFailingOnce() *secret.Source {
	var reads atomic.Int32
	return secret.Fetch(func() (string, error) {
		if reads.Add(1) == 1 {
			return "", errors.New("secrets manager: throttled")
		}
		return masterKey, nil
	})
}

// rig is an authorization server on a DynamoDB Local table, with one
// claimed account and one registered client.
type rig struct {
	svc     *oauth.Service
	account string
	client  string
}

func newRig(t *testing.T) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	base := dynamotest.Table(t)
	table := &dynamo.Table{Client: devstack.NewDynamoClient(dynamotest.Endpoint(t), nil), Name: base.Name}
	c := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	creds := &credentials.Service{
		Table: table, Clock: c, Events: &eventlog.Writer{Clock: c}, Owners: owners{},
		DashboardURL: issuer + "/dashboard", Mail: &mail.Spool{Table: table, Clock: c, Sender: &mailbox.Memory{}},
	}
	r := &rig{account: ids.New()}
	r.svc = &oauth.Service{
		Table: table, Clock: c, Counters: &ratelimit.Counters{Table: table, Clock: c}, Credentials: creds,
		Tokens: oauth.NewTokens(secret.Fetch(func() (string, error) { return masterKey, nil }), issuer, c),
	}
	ctx := context.Background()
	if err := table.Put(ctx, map[string]any{"pk": dynamo.AccountPK(r.account), "sk": dynamo.AccountSK, credentials.CountAttribute: 0}); err != nil {
		t.Fatal(err)
	}
	cl, err := r.svc.Register(ctx, []byte(`{"client_name":"Rig App","redirect_uris":["https://app.example/cb"]}`), "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	r.client = cl.ID
	return r
}

const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"

// code runs an authorization request and the owner's Connect, and returns
// the code.
func (r *rig) code(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	sum := sha256.Sum256([]byte(verifier))
	req, err := r.svc.Authorize(ctx, url.Values{
		"response_type": {"code"}, "client_id": {r.client}, "redirect_uri": {"https://app.example/cb"}, "state": {"s"},
		"code_challenge": {base64.RawURLEncoding.EncodeToString(sum[:])}, "code_challenge_method": {"S256"},
	}.Encode(), issuer, "browser-cookie-value-0123456789")
	if err != nil {
		t.Fatal(err)
	}
	owner := auth.Principal{AccountID: r.account, Actor: auth.Actor{Type: auth.ActorOwner, ID: r.account, Name: "owner@example.com"}}
	loc, err := r.svc.Approve(ctx, owner, "owner@example.com", req.ID)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(loc)
	return u.Query().Get("code")
}

func (r *rig) exchange(form url.Values) (oauth.TokenResponse, error) {
	form.Set("client_id", r.client)
	return r.svc.Exchange(context.Background(), oauth.TokenRequest{Form: form})
}

// errorCode returns the OAuth error code of err.
func errorCode(err error) string {
	var e *oauth.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// A token request that fails because the signing key cannot be read (a
// Secrets Manager read that failed) uses nothing up: the code, or the
// refresh token, works when the client retries, and the retry is not
// taken for a copied code or a reused refresh token, which would revoke
// the connection.
func TestSigningKeyFailureUsesNothingUp(t *testing.T) {
	r := newRig(t)
	code := r.code(t)
	r.svc.Tokens = oauth.NewTokens(keyFailingOnce(), issuer, r.svc.Clock) // a new function, whose read fails
	codeForm := func() url.Values {
		return url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {"https://app.example/cb"}, "code_verifier": {verifier}}
	}

	if _, err := r.exchange(codeForm()); errorCode(err) != oauth.ServerError {
		t.Fatalf("exchange without the signing key: %v, want server_error", err)
	}
	tok, err := r.exchange(codeForm())
	if err != nil {
		t.Fatalf("the retried exchange: %v", err)
	}
	if _, err := r.svc.Tokens.Verify(tok.AccessToken); err != nil {
		t.Fatalf("access token of the retry: %v", err)
	}

	refreshForm := func() url.Values {
		return url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok.RefreshToken}}
	}
	r.svc.Tokens = oauth.NewTokens(keyFailingOnce(), issuer, r.svc.Clock) // a new function, whose read fails
	if _, err := r.exchange(refreshForm()); errorCode(err) != oauth.ServerError {
		t.Fatalf("refresh without the signing key: %v, want server_error", err)
	}
	next, err := r.exchange(refreshForm())
	if err != nil {
		t.Fatalf("the retried refresh: %v", err)
	}
	a := &oauth.Authenticator{Tokens: r.svc.Tokens, Connections: r.svc.Credentials}
	if _, err := a.Authenticate(context.Background(), next.AccessToken, "192.0.2.1"); err != nil {
		t.Fatalf("the connection after the retries: %v", err)
	}
}
