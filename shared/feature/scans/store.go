package scans

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
)

// Store reads scans.
type Store struct {
	Table *dynamo.Table
	Sites *sites.Store
}

// Get returns the latest scan of the account's site. A site whose scan has
// not been recorded yet (queued before scans were kept) shows its
// scan_status. Errors: not_found for a site that is not the account's.
func (s *Store) Get(ctx context.Context, accountID, siteID string) (Scan, error) {
	var sc Scan
	var found bool
	site, err := s.Sites.Within(ctx, accountID, siteID, func(ctx context.Context) (err error) {
		sc, found, err = s.latest(ctx, accountID, siteID)
		return err
	})
	if err != nil {
		return Scan{}, err
	}
	if !found {
		sc = Scan{SiteID: site.ID, Status: site.ScanStatus, Stage: StageBrand}
	}
	return sc.Normal(), nil
}

func (s *Store) latest(ctx context.Context, accountID, siteID string) (Scan, bool, error) {
	var it item
	err := s.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.ScanSK(siteID), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return Scan{}, false, nil
	}
	if err != nil {
		return Scan{}, false, apperr.Wrap("scans.Get", err)
	}
	return it.Scan, true, nil
}

// LastCompleted returns the site's last completed scan: the latest when it
// completed, else the completed scan before it (kept while a newer one is
// queued, running or failed, which grounded nothing yet), else the latest
// as Get returns it (no scan completed: its analysis is empty). What a scan
// found stays the site's until another scan completes. Errors: not_found
// for a site that is not the account's.
func (s *Store) LastCompleted(ctx context.Context, accountID, siteID string) (Scan, error) {
	sc, err := s.Get(ctx, accountID, siteID)
	if err != nil || sc.Status == sites.ScanCompleted {
		return sc, err
	}
	var it item
	err = s.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.CompletedScanSK(siteID), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return sc, nil
	}
	if err != nil {
		return Scan{}, apperr.Wrap("scans.LastCompleted", err)
	}
	return it.Scan.Normal(), nil
}

// Put adds to tx the write of scan s on the condition that no newer scan of
// the site was queued: the stored scan is absent or belongs to s's job or
// an older one (job ids sort by creation). A completed scan is also kept as
// the site's last completed one (see LastCompleted); it is written only
// with the latest, so it never goes back to an older scan.
func Put(tx *dynamo.Tx, accountID string, s Scan) {
	tx.Put("scan", newItem(accountID, s), "attribute_not_exists(pk) OR job_id <= :job", map[string]types.AttributeValue{
		":job": &types.AttributeValueMemberS{Value: aws.ToString(s.JobID)},
	})
	if s.Status == sites.ScanCompleted {
		done := newItem(accountID, s)
		done.SK = dynamo.CompletedScanSK(s.SiteID)
		tx.Put("completed scan", done, "", nil)
	}
}

// SetStage records that the scan of job has reached stage, if it is still
// the site's latest. It reports false when a newer scan replaced it.
func SetStage(ctx context.Context, table *dynamo.Table, accountID, siteID, jobID, stage string) (bool, error) {
	_, err := table.Update(ctx, dynamo.AccountPK(accountID), dynamo.ScanSK(siteID), &dynamodb.UpdateItemInput{
		UpdateExpression:          aws.String("SET stage = :stage"),
		ConditionExpression:       aws.String("job_id = :job"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":stage": str(stage), ":job": str(jobID)},
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return false, nil
	}
	return err == nil, err
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }
