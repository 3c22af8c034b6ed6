package oauth

import (
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/secret"
)

const testIssuer = "https://svc.example"

func testGrant() grant {
	return grant{
		AccountID: "acct-1", ConnectionID: "conn-1", ClientID: "client-1", Email: "o@example.com",
		Scope: "account", Resources: []string{testIssuer + "/mcp"}, Issuer: testIssuer,
	}
}

func TestTokensVerifyAndExpire(t *testing.T) {
	c := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	tk := NewTokens(secret.Static("a-secret-key-of-at-least-32-characters!"), testIssuer, c)
	tok, err := tk.issue(testGrant(), c.Now())
	if err != nil {
		t.Fatal(err)
	}
	cl, err := tk.Verify(tok)
	if err != nil {
		t.Fatalf("fresh token refused: %v", err)
	}
	if cl.Subject != "acct-1" || cl.ConnectionID != "conn-1" || cl.ClientID != "client-1" || cl.Email != "" ||
		cl.ExpiresAt.Sub(cl.IssuedAt.Time) != time.Hour {
		t.Fatalf("claims = %+v", cl)
	}
	c.Add(time.Hour - time.Second)
	if _, err := tk.Verify(tok); err != nil {
		t.Fatalf("token refused a second before expiry: %v", err)
	}
	c.Add(time.Second)
	if _, err := tk.Verify(tok); err == nil {
		t.Fatal("token accepted at its expiry")
	}
	if _, err := tk.parseSigned(tok); err != nil {
		t.Fatalf("revocation cannot read an expired token: %v", err)
	}
}

func TestTokensRefuseForgeries(t *testing.T) {
	c := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	tk := NewTokens(secret.Static("a-secret-key-of-at-least-32-characters!"), testIssuer, c)
	other := NewTokens(secret.Static("another-secret-key-of-at-least-32-chars"), testIssuer, c)
	forged, _ := other.issue(testGrant(), c.Now())
	g := testGrant()
	g.Resources = []string{"https://elsewhere.example/mcp"}
	wrongAud, _ := tk.issue(g, c.Now())
	g = testGrant()
	g.Issuer = "https://other-issuer.example"
	g.Resources = []string{g.Issuer + "/mcp"}
	wrongIss, _ := tk.issue(g, c.Now())
	none := jwt.NewWithClaims(jwt.SigningMethodNone, Claims{RegisteredClaims: jwt.RegisteredClaims{Subject: "acct-1"}, ConnectionID: "conn-1"})
	unsigned, _ := none.SignedString(jwt.UnsafeAllowNoneSignatureType)
	good, _ := tk.issue(testGrant(), c.Now())
	parts := strings.Split(good, ".")
	tampered := parts[0] + "." + strings.TrimRight(parts[1], "=") + "x." + parts[2]
	for name, tok := range map[string]string{
		"other key": forged, "other audience": wrongAud, "other issuer": wrongIss, "alg none": unsigned,
		"tampered": tampered, "garbage": "abc", "empty": "",
	} {
		if _, err := tk.Verify(tok); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
}

func TestEmailClaimFollowsScope(t *testing.T) {
	c := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	tk := NewTokens(secret.Static("a-secret-key-of-at-least-32-characters!"), testIssuer, c)
	g := testGrant()
	g.Scope = grantScope("openid email offline_access")
	tok, _ := tk.issue(g, c.Now())
	cl, err := tk.Verify(tok)
	if err != nil || cl.Email != "o@example.com" || cl.Scope != "account email" {
		t.Fatalf("claims %+v, err %v", cl, err)
	}
}

func TestVerifyPKCE(t *testing.T) {
	// RFC 7636 appendix B.
	verifier, challenge := "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
	if !verifyPKCE(verifier, challenge) {
		t.Fatal("RFC 7636 example refused")
	}
	if verifyPKCE(verifier+"x", challenge) || verifyPKCE(challenge, challenge) || verifyPKCE("short", challenge) {
		t.Fatal("wrong verifier accepted")
	}
}

func TestResourceOf(t *testing.T) {
	cases := map[string]string{
		"":                            testIssuer + "/mcp",
		testIssuer + "/mcp":           testIssuer + "/mcp",
		testIssuer + "/mcp/":          testIssuer + "/mcp",
		testIssuer + "/api/agent/v1":  testIssuer + "/api/agent/v1",
		testIssuer + "/api/agent/v1/": testIssuer + "/api/agent/v1",
		testIssuer:                    "",
		"https://evil.example/mcp":    "",
		testIssuer + "/api/public/v1": "",
	}
	for in, want := range cases {
		got, ok := resourceOf(testIssuer, in)
		if (want == "") == ok || (ok && got != want) {
			t.Errorf("resourceOf(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// An authorization request names each resource once, however often and in
// whichever form it was sent, so the access token's aud does too.
func TestAuthorizationResourcesOnce(t *testing.T) {
	q := url.Values{
		"response_type": {"code"}, "code_challenge_method": {"S256"}, "code_challenge": {"E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"},
		"resource": {testIssuer + "/mcp", testIssuer + "/mcp/", testIssuer + "/api/agent/v1", testIssuer + "/mcp"},
	}
	var r Request
	if err := (&Service{}).checkAuthorization(q, testIssuer, &r); err != nil {
		t.Fatal(err)
	}
	if want := []string{testIssuer + "/mcp", testIssuer + "/api/agent/v1"}; !slices.Equal(r.Resources, want) {
		t.Fatalf("resources %q, want %q", r.Resources, want)
	}
}
