package backlinks

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Placement is one link of the exchange as one side sees it (spec 2
// Backlink placement).
type Placement struct {
	ID            string  `json:"id"`
	Direction     string  `json:"direction"`
	Status        string  `json:"status"`
	TargetURL     string  `json:"target_url"`
	AnchorUsed    string  `json:"anchor_used"`
	HostURL       string  `json:"host_url"`
	HostArticleID *string `json:"host_article_id"`
	Credits       int     `json:"credits"`
	ReservedAt    *string `json:"reserved_at"`
	PlacedAt      *string `json:"placed_at"`
	LiveAt        *string `json:"live_at"`
	EndedAt       *string `json:"ended_at"`
	ExpiresAt     *string `json:"expires_at"`
	LastCheckedAt *string `json:"last_checked_at"`
	EndReason     *string `json:"end_reason"`
}

// placementItem is a placement as stored: one copy under the requesting
// site (inbound) and one under the host site (hosted), written together.
// The hosted copy is on GSI1 at its next step (placing or a link check)
// while the placement has not ended.
type placementItem struct {
	PK            string   `dynamodbav:"pk"`
	SK            string   `dynamodbav:"sk"`
	ID            string   `dynamodbav:"id"`
	Direction     string   `dynamodbav:"direction"`
	Status        string   `dynamodbav:"status"`
	TargetID      string   `dynamodbav:"target_id"`
	TargetURL     string   `dynamodbav:"target_url"`
	Anchors       []string `dynamodbav:"anchors"`
	AnchorIndex   int      `dynamodbav:"anchor_index"`
	AnchorUsed    string   `dynamodbav:"anchor_used"`
	HostURL       string   `dynamodbav:"host_url"`
	HostArticleID string   `dynamodbav:"host_article_id"`
	Credits       int      `dynamodbav:"credits"`
	ReservedAt    string   `dynamodbav:"reserved_at"`
	PlacedAt      *string  `dynamodbav:"placed_at"`
	LiveAt        *string  `dynamodbav:"live_at"`
	EndedAt       *string  `dynamodbav:"ended_at"`
	ExpiresAt     *string  `dynamodbav:"expires_at"`
	LastCheckedAt *string  `dynamodbav:"last_checked_at"`
	EndReason     *string  `dynamodbav:"end_reason"`
	// The two sides: the requesting site (whose target it is) and the host.
	FromAccount string `dynamodbav:"from_account_id"`
	FromSite    string `dynamodbav:"from_site_id"`
	HostAccount string `dynamodbav:"host_account_id"`
	HostSite    string `dynamodbav:"host_site_id"`
	// LinkDomain is the requesting site's registrable domain: an article
	// links each domain at most once.
	LinkDomain string `dynamodbav:"link_domain"`
	// PeriodStart identifies the requester's billing period the credits
	// came from (credits.Spent.PeriodStart): credits returned, held or
	// settled, go back only into that period.
	PeriodStart string `dynamodbav:"period_start,omitempty"`
	// Misses counts the link checks in a row that did not find the link.
	Misses int `dynamodbav:"misses"`
	// NextAt is when the next step is due.
	NextAt string `dynamodbav:"next_at"`
	GSI1PK string `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK string `dynamodbav:"gsi1sk,omitempty"`
}

// placementKind is the due-work kind of placements.
const placementKind = "backlink"

// ended reports whether the placement has ended.
func (p placementItem) ended() bool {
	return p.Status == StatusLost || p.Status == StatusExpired || p.Status == StatusCancelled
}

// view returns the placement as the side direction sees it.
func (p placementItem) view(direction string) Placement {
	v := Placement{
		ID: p.ID, Direction: direction, Status: p.Status, TargetURL: p.TargetURL, AnchorUsed: p.AnchorUsed,
		HostURL: p.HostURL, Credits: p.Credits, PlacedAt: p.PlacedAt, LiveAt: p.LiveAt,
		EndedAt: p.EndedAt, ExpiresAt: p.ExpiresAt, LastCheckedAt: p.LastCheckedAt, EndReason: p.EndReason,
	}
	at := p.ReservedAt
	v.ReservedAt = &at
	if direction == Hosted {
		id := p.HostArticleID
		v.HostArticleID = &id
	}
	return v
}

// copyFor returns the copy of p stored under the side direction.
func (p placementItem) copyFor(direction string) placementItem {
	c := p
	c.Direction = direction
	c.GSI1PK, c.GSI1SK = "", ""
	if direction == Inbound {
		c.PK = dynamo.SitePK(p.FromSite)
	} else {
		c.PK = dynamo.SitePK(p.HostSite)
		if !p.ended() {
			c.GSI1PK = dynamo.DuePK(placementKind)
			c.GSI1SK = dynamo.TimeKey(p.NextAt, p.HostSite+"#"+p.ID)
		}
	}
	c.SK = dynamo.BacklinkPlacementSK(p.ID)
	return c
}

// due sets when the next step is due.
func (p *placementItem) due(at time.Time) { p.NextAt = clock.SortKey(at) }

// putPlacement adds to tx the write of both copies of p. A new placement's
// copies must not exist; a changed one's must still have status was and
// the misses count as read, or the commit fails with a condition on
// "placement".
func putPlacement(tx *dynamo.Tx, p placementItem, was string, misses int) error {
	for _, dir := range []string{Hosted, Inbound} {
		c := p.copyFor(dir)
		if was == "" {
			tx.PutNew("placement", c)
			continue
		}
		av, err := attributevalue.MarshalMap(c)
		if err != nil {
			return err
		}
		tx.Raw("placement", types.TransactWriteItem{Put: &types.Put{
			Item:                      av,
			ConditionExpression:       aws.String("#st = :was AND misses = :misses"),
			ExpressionAttributeNames:  map[string]string{"#st": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":was": str(was), ":misses": num(misses)},
		}})
	}
	return nil
}

// getPlacement reads the copy of placement id under site siteID.
func (s *Service) getPlacement(ctx context.Context, siteID, id string) (placementItem, error) {
	var it placementItem
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.BacklinkPlacementSK(id), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return placementItem{}, ErrPlacementNotFound
	}
	if err != nil {
		return placementItem{}, apperr.Wrap("backlinks.placement", err)
	}
	return it, nil
}

// ErrPlacementNotFound answers a placement id that is not on the site.
var ErrPlacementNotFound = apperr.NotFoundf("No backlink placement with that id on this site.")

func num(n int) types.AttributeValue { return &types.AttributeValueMemberN{Value: strconv.Itoa(n)} }

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }
