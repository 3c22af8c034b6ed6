package compose

import (
	"crypto/hmac"
	"crypto/sha256"
	"rvcontent/shared/edge/oauthserver"

	"rvcontent/shared/edge/pages"
	"rvcontent/shared/feature/oauth"
	"rvcontent/shared/feature/sessions"
)

// wireOAuth wires the OAuth 2.1 authorization server, owner sign-in and app
// connections (spec 5): discovery, registration, authorization, consent,
// token and revocation endpoints, the sign-in pages, the owner's dashboard,
// and the authenticator every agent API and MCP request goes through (agent
// keys and access tokens).
func (a *App) wireOAuth() {
	cfg := a.Config
	tokens := oauth.NewTokens(cfg.SecretKey, cfg.BaseURL, a.Clock)
	svc := &oauth.Service{
		Table: a.Table, Clock: a.Clock, Counters: a.Counters, Credentials: a.Credentials, Tokens: tokens,
	}
	if cfg.DevMode {
		// Local tests register many apps from one address.
		svc.RegistrationsPerHour = 1000
	}
	a.Authn = &oauth.Authenticator{Keys: a.Credentials, Tokens: tokens, Connections: a.Credentials}

	signins := &sessions.Service{
		Table: a.Table, Clock: a.Clock, Mail: a.Mail, Owners: a.Accounts, Counters: a.Counters,
		BaseURL: cfg.BaseURL, Secret: derive(cfg.SecretKey, "owner-session-csrf-v1"),
	}
	a.Mail.Register(signins.MailTemplates())
	owners := &pages.Owners{Sessions: signins, BaseURL: cfg.BaseURL}
	signIn := &pages.SignIn{Owners: owners}
	consent := &pages.Consent{Owners: owners, OAuth: svc}
	dashboard := &pages.Dashboard{
		Owners: owners, Accounts: a.Accounts, Billing: a.Billing, Sites: a.Sites,
		Credentials: a.Credentials, Webhooks: a.Webhooks,
	}
	meta := &oauthserver.Metadata{BaseURL: cfg.BaseURL}
	a.register((&oauthserver.Endpoints{Service: svc}).Handlers())
	a.register(map[string]handlerFunc{
		"GET /.well-known/oauth-authorization-server":   meta.AuthorizationServer,
		"GET /.well-known/oauth-protected-resource/mcp": meta.ProtectedResource,
		"GET " + oauth.AuthorizePath:                    consent.Authorize,
		"GET " + oauth.ConsentPath:                      consent.Show,
		"POST " + oauth.ConsentPath:                     consent.Submit,
		"GET /signin":                                   signIn.Show,
		"POST /signin":                                  signIn.Submit,
		"GET /signin/verify":                            signIn.Verify,
		"POST /signout":                                 signIn.SignOut,
	})
	a.register(dashboard.Handlers())
}

// derive returns a key for purpose derived from the service's SECRET_KEY.
func derive(secretKey, purpose string) []byte {
	mac := hmac.New(sha256.New, []byte(secretKey))
	mac.Write([]byte(purpose))
	return mac.Sum(nil)
}
