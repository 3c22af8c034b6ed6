package oauth

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

// codeItem is an authorization code, found by its hash; it is deleted when
// redeemed.
type codeItem struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	grant
	RedirectURI     string `dynamodbav:"redirect_uri"`
	RedirectURISent bool   `dynamodbav:"redirect_uri_sent"`
	CodeChallenge   string `dynamodbav:"code_challenge"`
	ExpiresAt       int64  `dynamodbav:"expires_at"`
	TTL             int64  `dynamodbav:"ttl"`
}

// refreshItem is a refresh token, found by its hash; rotation deletes it
// and puts its successor. It has no expiry: it works while its connection
// exists.
type refreshItem struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	grant
	CreatedAt int64 `dynamodbav:"created_at"`
}
