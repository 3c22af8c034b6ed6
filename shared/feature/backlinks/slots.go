package backlinks

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
)

// slotItem counts the exchange links one host article carries (reserved,
// placed or live), and holds every registrable domain it was ever paired
// with: the article never carries more than the host's
// max_links_per_article, and never links one domain twice, not even after
// an earlier link to it ended.
type slotItem struct {
	SK      string   `dynamodbav:"sk"`
	Count   int      `dynamodbav:"link_count"`
	Domains []string `dynamodbav:"domains,stringset,omitempty"`
}

// articleID returns the article the slots belong to.
func (it slotItem) articleID() string { return it.SK[len("BLS#"):] }

// has reports whether the article was ever paired with domain.
func (it slotItem) has(domain string) bool {
	for _, d := range it.Domains {
		if d == domain {
			return true
		}
	}
	return false
}

// loadSlots returns the slots of every article of a host site that carries
// exchange links, by article id.
func (s *Service) loadSlots(ctx context.Context, siteID string) (map[string]slotItem, error) {
	in, err := dynamo.PartitionPrefix(dynamo.SitePK(siteID), dynamo.BacklinkSlotsSK("")).Input()
	if err != nil {
		return nil, apperr.Wrap("backlinks.slots", err)
	}
	in.ConsistentRead = aws.Bool(true)
	rows, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		return nil, apperr.Wrap("backlinks.slots", err)
	}
	items, err := dynamo.UnmarshalList[slotItem](rows)
	if err != nil {
		return nil, apperr.Wrap("backlinks.slots", err)
	}
	out := make(map[string]slotItem, len(items))
	for _, it := range items {
		out[it.articleID()] = it
	}
	return out, nil
}

// takeSlot adds to tx the use of one of an article's slots by domain, on
// condition that fewer than max are used and the article was never paired
// with domain (named "slot").
func takeSlot(tx *dynamo.Tx, siteID, articleID, domain string, max int) {
	tx.Update("slot", dynamo.SitePK(siteID), dynamo.BacklinkSlotsSK(articleID), &types.Update{
		UpdateExpression:    aws.String("ADD link_count :one, domains :d"),
		ConditionExpression: aws.String("attribute_not_exists(pk) OR (link_count < :max AND NOT contains(domains, :dom))"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one": num(1), ":max": num(max), ":dom": str(domain),
			":d": &types.AttributeValueMemberSS{Value: []string{domain}},
		},
	})
}

// releaseSlot adds to tx the release of one of an article's slots; the
// domain stays recorded.
func releaseSlot(tx *dynamo.Tx, siteID, articleID string) {
	tx.Update("slot", dynamo.SitePK(siteID), dynamo.BacklinkSlotsSK(articleID), &types.Update{
		UpdateExpression:          aws.String("ADD link_count :minus"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":minus": num(-1)},
	})
}
