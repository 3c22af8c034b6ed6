package integrations

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/platform/dynamo"
)

// Disconnect forgets the caller's integration's connection: its address
// and token go, its status becomes not_connected and
// integration.disconnected is recorded; the settings stay. Disconnecting
// an integration that is not connected changes nothing and answers it as
// it is. What the connection pushed is forgotten afterwards, so a new
// connection starts afresh. A disconnect that raced another write of the
// integration (a sync ending at that moment) is applied again to the
// integration as it is now, as backoff.Retry does.
func (s *Service) Disconnect(ctx context.Context, siteID, platform string) (Integration, error) {
	return backoff.Retry(ctx, lostRace, func() (Integration, error) {
		return s.disconnect(ctx, siteID, platform)
	})
}

// disconnect disconnects the integration once as read now; errChanged
// when another write came between the read and the write.
func (s *Service) disconnect(ctx context.Context, siteID, platform string) (Integration, error) {
	p, r, avail, err := s.loadShown(ctx, siteID, platform)
	if err != nil {
		return Integration{}, err
	}
	if !r.connected() {
		return r.view(avail), nil
	}
	old := r.ConnectionID
	r.Status, r.ConnectionID, r.SiteURL, r.SealedToken, r.RemoteName = StatusNotConnected, "", nil, "", nil
	r.ConnectedAt, r.Categories, r.Authors = nil, nil, nil
	r.LastError, r.LastErrorAt = nil, nil // the error was the connection's: it went with it
	tx := &dynamo.Tx{}
	put(tx, &r)
	v := r.view(avail)
	s.Events.Emit(tx, p.AccountID, siteID, "integration.disconnected", map[string]any{"integration": v})
	activity.Record(tx, s.Clock.Now(), p, activity.Change{
		Action: "integration.disconnected", SiteID: siteID, Resource: activity.Resource{Type: "integration", ID: platform},
		Summary: fmt.Sprintf("%s disconnected", platform),
	})
	if err := s.commit(ctx, tx, v); err != nil {
		return Integration{}, err
	}
	s.forget(ctx, siteID, platform, old)
	return v, nil
}

// forget deletes what connection pushed. A failure leaves unreachable
// items behind (a later connection has another id); it is logged.
func (s *Service) forget(ctx context.Context, siteID, platform, connection string) {
	in, err := dynamo.PartitionPrefix(dynamo.SitePK(siteID), dynamo.PushPrefix(platform, connection)).Project(dynamo.PK, dynamo.SK).Input()
	if err != nil {
		slog.WarnContext(ctx, "forget pushed articles", "site_id", siteID, "err", err)
		return
	}
	rows, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		slog.WarnContext(ctx, "forget pushed articles", "site_id", siteID, "err", err)
		return
	}
	for _, row := range rows {
		pk := row[dynamo.PK].(*types.AttributeValueMemberS).Value
		sk := row[dynamo.SK].(*types.AttributeValueMemberS).Value
		if err := s.Table.Delete(ctx, pk, sk); err != nil {
			slog.WarnContext(ctx, "forget pushed article", "site_id", siteID, "err", err)
			return
		}
	}
}
