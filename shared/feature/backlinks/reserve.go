package backlinks

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// pairing is a target matched with a host article.
type pairing struct {
	target  targetItem
	from    *requester
	host    *hostSite
	article articles.Article
}

// reserve holds the price of a pairing (the host's tier) from the
// requester's backlink credits and records the reservation, in one
// transaction: both placement copies, one of the article's link slots, the
// target's monthly count, and the escrow and in-progress counters. It
// returns insufficient_credits when the requester cannot pay, and an error
// naming the slot or target write when another reservation took them
// first.
func (s *Service) reserve(ctx context.Context, m pairing, now time.Time) (placementItem, error) {
	t := m.target
	at := clock.Format(now)
	expires := clock.Format(now.Add(ReserveFor))
	idx := t.Reserved % len(t.Anchors)
	p := placementItem{
		ID: ids.Sortable(), Status: StatusReserved, TargetID: t.ID, TargetURL: t.URL, Anchors: t.Anchors,
		AnchorIndex: idx, AnchorUsed: t.Anchors[idx], HostURL: *m.article.PublishedURL, HostArticleID: m.article.ID,
		Credits: m.host.price, ReservedAt: at, ExpiresAt: &expires,
		FromAccount: m.from.set.AccountID, FromSite: m.from.set.SiteID,
		HostAccount: m.host.set.AccountID, HostSite: m.host.set.SiteID, LinkDomain: m.from.domain,
	}
	p.due(now)
	month := now.Format("2006-01")
	_, err := s.Credits.Spend(ctx, credits.SpendRequest{AccountID: p.FromAccount, SiteID: p.FromSite, Kind: creditKind, N: p.Credits},
		func(tx *dynamo.Tx, spent credits.Spent) (any, error) {
			p.PeriodStart = spent.PeriodStart
			if err := putPlacement(tx, p, "", 0); err != nil {
				return nil, err
			}
			takeSlot(tx, p.HostSite, p.HostArticleID, p.LinkDomain, m.host.set.MaxLinks)
			tx.Update("target", t.PK, t.SK, monthlyUpdate(t, month))
			addStats(tx, p.FromAccount, p.FromSite, delta{cEscrowed: p.Credits, cInProgress: 1})
			addStats(tx, p.HostAccount, p.HostSite, delta{cInProgress: 1})
			return nil, nil
		})
	return p, err
}

// monthlyUpdate counts a reservation against the target's monthly cap,
// on condition that the target is still active and under its cap.
func monthlyUpdate(t targetItem, month string) *types.Update {
	names := map[string]string{"#m": "month"}
	values := map[string]types.AttributeValue{
		":m": str(month), ":one": num(1), ":true": &types.AttributeValueMemberBOOL{Value: true},
	}
	if t.Month == month {
		values[":cap"] = num(t.MaxNewLinksPerMonth)
		return &types.Update{
			UpdateExpression:          aws.String("ADD month_count :one, reserved_total :one"),
			ConditionExpression:       aws.String("active = :true AND #m = :m AND month_count < :cap"),
			ExpressionAttributeNames:  names,
			ExpressionAttributeValues: values,
		}
	}
	return &types.Update{
		UpdateExpression:          aws.String("SET #m = :m, month_count = :one ADD reserved_total :one"),
		ConditionExpression:       aws.String("active = :true AND (attribute_not_exists(#m) OR #m <> :m)"),
		ExpressionAttributeNames:  names,
		ExpressionAttributeValues: values,
	}
}
