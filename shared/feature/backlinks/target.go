package backlinks

import (
	"context"
	"errors"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/weburl"
	"rvcontent/shared/platform/dynamo"
)

// Target is a page on the site's verified domain that the site wants links
// to (spec 2 Backlink target). LiveCount counts its live links.
type Target struct {
	ID                  string   `json:"id" dynamodbav:"id"`
	URL                 string   `json:"url" dynamodbav:"url"`
	Anchors             []string `json:"anchors" dynamodbav:"anchors"`
	TopicTags           []string `json:"topic_tags" dynamodbav:"topic_tags"`
	Priority            int      `json:"priority" dynamodbav:"priority"`
	MaxNewLinksPerMonth int      `json:"max_new_links_per_month" dynamodbav:"max_new_links_per_month"`
	Active              bool     `json:"active" dynamodbav:"active"`
	LiveCount           int      `json:"live_count" dynamodbav:"live_count"`
	LastPlacedAt        *string  `json:"last_placed_at" dynamodbav:"last_placed_at"`
	CreatedAt           string   `json:"created_at" dynamodbav:"created_at"`
}

// targetItem is a target as stored under its site. Month and MonthCount
// count the reservations made in the current calendar month (UTC) against
// the monthly cap; Reserved counts every reservation and rotates the
// anchors. While active it is in the GSI2 target pool.
type targetItem struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Target
	AccountID  string `dynamodbav:"account_id"`
	SiteID     string `dynamodbav:"site_id"`
	Month      string `dynamodbav:"month"`
	MonthCount int    `dynamodbav:"month_count"`
	Reserved   int    `dynamodbav:"reserved_total"`
	GSI2PK     string `dynamodbav:"gsi2pk,omitempty"`
	GSI2SK     string `dynamodbav:"gsi2sk,omitempty"`
}

// poolKey is a target's place in the GSI2 target pool.
func poolKey(siteID, id string) string { return siteID + "#" + id }

// ErrTargetNotFound answers a target id that is not on the site.
var ErrTargetNotFound = apperr.NotFoundf("No backlink target with that id on this site.")

// getTarget reads target id of site siteID.
func (s *Service) getTarget(ctx context.Context, siteID, id string) (targetItem, error) {
	var it targetItem
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.BacklinkTargetSK(id), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return targetItem{}, ErrTargetNotFound
	}
	if err != nil {
		return targetItem{}, apperr.Wrap("backlinks.target", err)
	}
	return it, nil
}

// targetsQuery returns the query of a site's targets in creation order.
func targetsQuery(siteID string) (*dynamodb.QueryInput, error) {
	in, err := dynamo.PartitionPrefix(dynamo.SitePK(siteID), dynamo.BacklinkTargetPrefix).Input()
	if err != nil {
		return nil, err
	}
	in.ConsistentRead = aws.Bool(true)
	return in, nil
}

// allTargets returns every target of a site (at most MaxTargets).
func (s *Service) allTargets(ctx context.Context, siteID string) ([]targetItem, error) {
	in, err := targetsQuery(siteID)
	if err != nil {
		return nil, apperr.Wrap("backlinks.targets", err)
	}
	rows, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		return nil, apperr.Wrap("backlinks.targets", err)
	}
	return dynamo.UnmarshalList[targetItem](rows)
}

// ListTargets returns one page of the caller's site's targets in creation
// order. Errors: not_found; validation_failed for a bad cursor.
func (s *Service) ListTargets(ctx context.Context, siteID string, limit int, cursor string) ([]Target, string, error) {
	var items []targetItem
	var next string
	_, _, err := s.site(ctx, siteID, func(ctx context.Context) error {
		cur, err := dynamo.DecodeCursor(cursor)
		if err != nil {
			return errCursor
		}
		in, err := targetsQuery(siteID)
		if err != nil {
			return err
		}
		items, next, err = dynamo.QueryPage[targetItem](ctx, s.Table, in, limit, cur, dynamo.SitePK(siteID))
		return err
	})
	if errors.Is(err, dynamo.ErrBadCursor) {
		return nil, "", errCursor
	}
	if err != nil {
		return nil, "", apperr.Wrap("backlinks.ListTargets", err)
	}
	out := make([]Target, len(items))
	for i, it := range items {
		out[i] = it.view()
	}
	return out, next, nil
}

// view returns the target as the API shows it.
func (it targetItem) view() Target {
	t := it.Target
	if t.Anchors == nil {
		t.Anchors = []string{}
	}
	if t.TopicTags == nil {
		t.TopicTags = []string{}
	}
	return t
}

var errCursor = apperr.BadCursor()

// onDomain reports whether host is domain or a subdomain of it. host is
// compared at its ASCII form (Punycode), the form domain is stored in, so a
// URL written with an internationalised host name is on its domain.
func onDomain(host, domain string) bool {
	h := asciiHost(host)
	return h == domain || strings.HasSuffix(h, "."+domain)
}

// asciiHost returns host lowercased, without a trailing dot and in its
// ASCII form (each label in Punycode when internationalised), or host
// lowercased when it cannot be encoded.
func asciiHost(host string) string {
	h := strings.TrimSuffix(strings.ToLower(host), ".")
	if a, ok := weburl.ASCIIHost(h); ok {
		return a
	}
	return h
}
