package audit29p

import (
	"crypto/sha256"
	"encoding/base64"

	"golang.org/x/oauth2"
)

// oauth2S256 is the PKCE parameters of verifier for an authorization URL.
func oauth2S256(verifier string) []oauth2.AuthCodeOption {
	sum := sha256.Sum256([]byte(verifier))
	return []oauth2.AuthCodeOption{
		oauth2.SetAuthURLParam("code_challenge", base64.RawURLEncoding.EncodeToString(sum[:])),
		oauth2.SetAuthURLParam("code_challenge_method", "S256"),
	}
}
