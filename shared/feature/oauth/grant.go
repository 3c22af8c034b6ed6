package oauth

import "time"

// grant is what a code or refresh token stands for: one connection of one
// account, for one client, with the scope and resources the owner approved.
type grant struct {
	AccountID    string   `dynamodbav:"account_id"`
	ConnectionID string   `dynamodbav:"connection_id"`
	ClientID     string   `dynamodbav:"client_id"`
	Email        string   `dynamodbav:"email"`
	Scope        string   `dynamodbav:"scope"`
	Resources    []string `dynamodbav:"resources"`
	Issuer       string   `dynamodbav:"issuer"`
}

// codeItem is an authorization code, found by its hash. Redeeming it marks
// it redeemed (RedeemedAt) rather than deleting it, so that presenting it
// again until the table forgets it (TTL) is recognised as a copied code and
// revokes the connection its tokens belong to (RFC 6749 4.1.2).
type codeItem struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	grant
	RedirectURI     string `dynamodbav:"redirect_uri"`
	RedirectURISent bool   `dynamodbav:"redirect_uri_sent"`
	CodeChallenge   string `dynamodbav:"code_challenge"`
	ExpiresAt       int64  `dynamodbav:"expires_at"`
	TTL             int64  `dynamodbav:"ttl"`
	// RedeemedAt is when the code was exchanged for tokens (Unix
	// seconds); 0 until then.
	RedeemedAt int64 `dynamodbav:"redeemed_at,omitempty"`
}

// forgotten reports whether an exchanged code is past the day after its
// expiry it is remembered for: the table's TTL deletes it only some time
// later, and until then it is an unknown code, not a copied one.
func (c codeItem) forgotten(now time.Time) bool { return c.RedeemedAt != 0 && !live(c.TTL, now) }

// refreshItem is a refresh token, found by its hash. It has no expiry: it
// works while its connection exists. Rotation puts its successor and keeps
// the presented token as rotated (RotatedAt set) for RotatedKept, tied to
// its connection, so a second use is recognised as reuse (RFC 9700
// 4.14.2) and revokes the connection.
type refreshItem struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	grant
	CreatedAt int64 `dynamodbav:"created_at"`
	// RotatedAt is when the token was replaced (Unix seconds); 0 while it
	// is the connection's current refresh token.
	RotatedAt int64 `dynamodbav:"rotated_at,omitempty"`
	TTL       int64 `dynamodbav:"ttl,omitempty"`
}

// forgotten reports whether a replaced refresh token is past the
// RotatedKept it is remembered for: the table's TTL deletes it only some
// time later, and until then it is an unknown token, not a reused one.
func (r refreshItem) forgotten(now time.Time) bool { return r.RotatedAt != 0 && !live(r.TTL, now) }
