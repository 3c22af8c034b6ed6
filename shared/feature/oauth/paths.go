package oauth

// The authorization server's paths under the issuer.
const (
	AuthorizePath = "/oauth/authorize"
	ConsentPath   = "/oauth/consent"
	TokenPath     = "/oauth/token"
	RegisterPath  = "/oauth/register"
	RevokePath    = "/oauth/revoke"
)
