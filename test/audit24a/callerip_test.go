package audit24a

import (
	"net/http"
	"net/url"
	"testing"

	"rvcontent/test/testenv"
)

// TestChangesARequestMadeAsTheServiceRecordTheCallersAddress: the spec's
// Activity entry has "ip | string | caller address". Two changes that a
// caller's request sets off are recorded with the service as the actor:
// the claim link the sign-in page resends for an account not claimed yet
// (README: "run as the service, {type: service, name: "owner sign-in
// page"}"), and the revocation of a connection whose refresh token is
// presented again (README, Tokens: actor "refresh token reuse detection").
// Both entries had "ip": "", though a caller made the request (whoever
// typed the owner's email on the sign-in page, whoever presented the
// replaced token: just what the owner wants to know). They now carry the
// caller's address, as every other entry of a request does.
func TestChangesARequestMadeAsTheServiceRecordTheCallersAddress(t *testing.T) {
	env := testenv.StartQuiet(t)

	// The sign-in page, asked for an account not claimed yet.
	a := env.NewAccount(t, "")
	env.NewBrowser(t).Post(t, "/signin", url.Values{"email": {a.Email}}).Expect(t, http.StatusOK, "Check your email")
	resent := withAction(activity(t, a.Client, ""), "account.claim_resent")
	if len(resent) != 1 || resent[0].Actor.Type != "service" || resent[0].Actor.Name != "owner sign-in page" {
		t.Fatalf("claim resends in the activity log: %+v, want one by the sign-in page", resent)
	}
	if resent[0].IP != "127.0.0.1" {
		t.Errorf("the sign-in page's claim resend records ip %q, want the caller's address 127.0.0.1", resent[0].IP)
	}

	// A refresh token presented after it was replaced.
	o := env.NewOwner(t)
	app := env.NewOAuthApp(t, "Reuse App")
	first := o.Connect(t, app)
	if _, err := testenv.Refresh(app, first.RefreshToken); err != nil {
		t.Fatalf("refresh: %v", err)
	}
	if _, err := testenv.Refresh(app, first.RefreshToken); testenv.GrantError(t, err) != "invalid_grant" {
		t.Fatalf("reused refresh token: %v, want invalid_grant", err)
	}
	revoked := withAction(activity(t, o.Client, ""), "agent_key.revoked")
	if len(revoked) != 1 || revoked[0].Actor.Type != "service" || revoked[0].Actor.Name != "refresh token reuse detection" {
		t.Fatalf("revocations in the activity log: %+v, want one by refresh token reuse detection", revoked)
	}
	if revoked[0].IP != "127.0.0.1" {
		t.Errorf("the revocation on refresh token reuse records ip %q, want the caller's address 127.0.0.1", revoked[0].IP)
	}
}
