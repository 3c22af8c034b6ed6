package webhooks

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// HealthKind is the due-work kind of failing endpoints awaiting their
// warning or disable check.
const HealthKind = "webhook_health"

// ErrNotFound is returned for an endpoint that is not the account's.
var ErrNotFound = apperr.NotFoundf("No webhook endpoint with that id on this account.")

var errBadCursor = apperr.BadCursor()

// item is an endpoint as stored under its account.
type item struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Endpoint
	AccountID string `dynamodbav:"account_id"`
	// CredentialID is the agent key or OAuth connection that created the
	// endpoint (empty when the owner did); revoking it disables the endpoint.
	CredentialID string `dynamodbav:"credential_id"`
	// SecretNonce and SecretKeyID derive the signing secret (see Keyring).
	SecretNonce string `dynamodbav:"secret_nonce"`
	SecretKeyID string `dynamodbav:"secret_key_id"`
	// FailingSince is the first failed attempt since the last success;
	// WarnedAt is when the owner was warned about this run of failures.
	FailingSince string `dynamodbav:"failing_since,omitempty"`
	WarnedAt     string `dynamodbav:"warned_at,omitempty"`
	// GSI1 holds the endpoint in DUE#webhook_health while it is failing.
	GSI1PK string `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK string `dynamodbav:"gsi1sk,omitempty"`
}

// healthKey is the GSI1 sort key of an endpoint's next health check.
func healthKey(at time.Time, accountID, webhookID string) string {
	return dynamo.TimeKey(clock.SortKey(at), accountID+"#"+webhookID)
}

// get reads endpoint id of account.
func (s *Service) get(ctx context.Context, accountID, id string) (item, error) {
	var it item
	err := s.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.WebhookSK(id), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return item{}, ErrNotFound
	}
	if err != nil {
		return item{}, apperr.Wrap("webhooks.get", err)
	}
	return it, nil
}

// all reads every endpoint of account (at most MaxEndpoints).
func (s *Service) all(ctx context.Context, accountID string) ([]item, error) {
	return endpoints(ctx, s.Table, accountID)
}

// endpoints reads every endpoint of account from t.
func endpoints(ctx context.Context, t *dynamo.Table, accountID string) ([]item, error) {
	in, err := dynamo.PartitionPrefix(dynamo.AccountPK(accountID), dynamo.WebhookPrefix).Input()
	if err != nil {
		return nil, err
	}
	in.ConsistentRead = aws.Bool(true)
	rows, err := t.QueryAll(ctx, in)
	if err != nil {
		return nil, err
	}
	return dynamo.UnmarshalList[item](rows)
}

// List returns a page of the account's endpoints, oldest first, without
// secrets.
func (s *Service) List(ctx context.Context, accountID string, limit int, cursor string) ([]Endpoint, string, error) {
	cur, err := dynamo.DecodeCursor(cursor)
	if err != nil {
		return nil, "", errBadCursor
	}
	in, err := dynamo.PartitionPrefix(dynamo.AccountPK(accountID), dynamo.WebhookPrefix).Input()
	if err != nil {
		return nil, "", apperr.Wrap("webhooks.List", err)
	}
	in.ConsistentRead = aws.Bool(true)
	rows, next, err := dynamo.QueryPage[item](ctx, s.Table, in, limit, cur, dynamo.AccountPK(accountID))
	if errors.Is(err, dynamo.ErrBadCursor) {
		return nil, "", errBadCursor
	}
	if err != nil {
		return nil, "", apperr.Wrap("webhooks.List", err)
	}
	out := make([]Endpoint, len(rows))
	for i, r := range rows {
		out[i] = r.Endpoint
	}
	return out, next, nil
}

// str, num and optionalNum build expression values.
func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

func num(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}

// optionalNum is n as a number, or NULL when n is nil.
func optionalNum(n *int) types.AttributeValue {
	if n == nil {
		return &types.AttributeValueMemberNULL{Value: true}
	}
	return num(int64(*n))
}
