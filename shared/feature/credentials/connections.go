package credentials

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/platform/dynamo"
)

// ConnectionHash returns the lookup hash of OAuth connection id. A
// connection has no secret of its own: its signed access tokens name it, and
// this hash locates the lookup item that one GetItem reads on every request
// (the "oauth_connection:" label keeps it apart from every agent key's hash).
func ConnectionHash(connectionID string) string { return Hash("oauth_connection:" + connectionID) }

// Connection describes an OAuth connection the owner approved.
type Connection struct {
	ID         string // the new credential's id
	ClientID   string
	ClientName string
}

// PutConnection adds to tx a new OAuth connection of owner's account: the
// credential count (the write named "credential_limit" fails at MaxActive),
// the credential and its lookup item, the activity entry, the
// agent_access.created event and the owner's notice (through the mail
// outbox).
func (s *Service) PutConnection(tx *dynamo.Tx, owner auth.Principal, c Connection, now time.Time) AgentKey {
	CountUp(tx, owner.AccountID)
	k := Put(tx, owner.AccountID, c.ID, ConnectionHash(c.ID), Spec{Type: TypeOAuth, Name: c.ClientName, ClientID: aws.String(c.ClientID)}, nil, now)
	s.record(tx, owner, now, k, "created")
	s.notifyOwner(tx, owner, k)
	return k
}

// RefreshHashAttribute names, on a connection's item, the hash of its
// current refresh token, so deleting the account finds and deletes it.
const RefreshHashAttribute = "refresh_hash"

// IssueRefresh adds to tx the condition that connection id of account still
// exists (named "connection": refresh tokens die with it) and records hash
// as its current refresh token.
func IssueRefresh(tx *dynamo.Tx, accountID, connectionID, hash string) {
	tx.Update("connection", dynamo.AccountPK(accountID), dynamo.CredentialSK(connectionID), &types.Update{
		UpdateExpression:          aws.String("SET #rh = :h"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeNames:  map[string]string{"#rh": RefreshHashAttribute},
		ExpressionAttributeValues: map[string]types.AttributeValue{":h": &types.AttributeValueMemberS{Value: hash}},
	})
}

// AuthenticateConnection accepts OAuth connection id (see Authenticator).
func (s *Service) AuthenticateConnection(ctx context.Context, connectionID, ip string) (auth.Principal, error) {
	return s.authenticator().AuthenticateConnection(ctx, connectionID, ip)
}
