package backlinks

import (
	"context"
	"errors"
	"sort"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
)

// statsItem is a site's exchange counters, stored under its account and
// only ever changed by atomic ADDs in the transactions of the changes they
// count.
type statsItem struct {
	Escrowed       int `dynamodbav:"escrowed"`
	LifetimeEarned int `dynamodbav:"lifetime_earned"`
	LifetimeSpent  int `dynamodbav:"lifetime_spent"`
	LiveInbound    int `dynamodbav:"live_inbound"`
	LiveHosted     int `dynamodbav:"live_hosted"`
	InProgress     int `dynamodbav:"in_progress"`
	// LostHosted and ClawedHosted count the site's hosted links that went
	// missing, and live ones it removed: they lower its reputation.
	LostHosted   int `dynamodbav:"lost_hosted"`
	ClawedHosted int `dynamodbav:"clawed_hosted"`
	Targets      int `dynamodbav:"targets"`
}

// The counters' attribute names.
const (
	cEscrowed       = "escrowed"
	cLifetimeEarned = "lifetime_earned"
	cLifetimeSpent  = "lifetime_spent"
	cLiveInbound    = "live_inbound"
	cLiveHosted     = "live_hosted"
	cInProgress     = "in_progress"
	cLostHosted     = "lost_hosted"
	cClawedHosted   = "clawed_hosted"
	cTargets        = "targets"
)

// delta is a change of counters by attribute name.
type delta map[string]int

// loadStats returns a site's counters (zero when it has none).
func (s *Service) loadStats(ctx context.Context, accountID, siteID string) (statsItem, error) {
	var it statsItem
	err := s.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.BacklinkStatsSK(siteID), &it)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return statsItem{}, apperr.Wrap("backlinks.stats", err)
	}
	return it, nil
}

// addStats adds to tx the change d of a site's counters.
func addStats(tx *dynamo.Tx, accountID, siteID string, d delta) {
	tx.Update("stats:"+siteID, dynamo.AccountPK(accountID), dynamo.BacklinkStatsSK(siteID), statsUpdate(accountID, siteID, d))
}

// statsUpdate returns the update that adds d to a site's counters.
func statsUpdate(accountID, siteID string, d delta) *types.Update {
	names := map[string]string{"#acct": "account_id", "#site": "site_id"}
	values := map[string]types.AttributeValue{}
	values[":acct"] = &types.AttributeValueMemberS{Value: accountID}
	values[":site"] = &types.AttributeValueMemberS{Value: siteID}
	keys := make([]string, 0, len(d))
	for k := range d {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var adds []string
	for i, k := range keys {
		n, v := "#c"+strconv.Itoa(i), ":c"+strconv.Itoa(i)
		names[n] = k
		values[v] = &types.AttributeValueMemberN{Value: strconv.Itoa(d[k])}
		adds = append(adds, n+" "+v)
	}
	return &types.Update{
		UpdateExpression:          aws.String("SET #acct = :acct, #site = :site ADD " + strings.Join(adds, ", ")),
		ExpressionAttributeNames:  names,
		ExpressionAttributeValues: values,
	}
}
