package backlinks

import (
	"context"
	"errors"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/dynamo"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
)

// PlacementFilter narrows a list of placements: the query of GET
// .../placements, direction and status (comma-separated).
type PlacementFilter struct {
	Direction string   // inbound or hosted; both when empty
	Statuses  []string // any of these; all when empty
}

// check refuses an unknown direction or status (validation_failed naming
// each field).
func (f PlacementFilter) check() error {
	var problems []apperr.Problem
	if f.Direction != "" && f.Direction != Inbound && f.Direction != Hosted {
		problems = append(problems, apperr.Problem{Field: "direction", Problem: "must be inbound or hosted"})
	}
	if p := input.FilterProblem(f.Statuses, PlacementStatuses); p != "" {
		problems = append(problems, apperr.Problem{Field: "status", Problem: p})
	}
	if len(problems) > 0 {
		return apperr.Invalid(problems...)
	}
	return nil
}

// ListPlacements returns one page of the caller's site's placements
// matching f, newest first. Errors: not_found; validation_failed for an
// unknown direction or status, or a bad cursor.
func (s *Service) ListPlacements(ctx context.Context, siteID string, f PlacementFilter, limit int, cursor string) ([]Placement, string, error) {
	if err := f.check(); err != nil {
		return nil, "", err
	}
	var filters []expression.ConditionBuilder
	if f.Direction != "" {
		filters = append(filters, expression.Name("direction").Equal(expression.Value(f.Direction)))
	}
	if len(f.Statuses) > 0 {
		filters = append(filters, dynamo.AttrIn("status", f.Statuses))
	}
	in, err := placementsQuery(siteID, filters...)
	if err != nil {
		return nil, "", apperr.Wrap("backlinks.ListPlacements", err)
	}
	var items []placementItem
	var next string
	_, _, err = s.site(ctx, siteID, func(ctx context.Context) error {
		cur, err := dynamo.DecodeCursor(cursor)
		if err != nil {
			return errCursor
		}
		items, next, err = dynamo.QueryPage[placementItem](ctx, s.Table, in, limit, cur, dynamo.SitePK(siteID))
		return err
	})
	if errors.Is(err, dynamo.ErrBadCursor) {
		return nil, "", errCursor
	}
	if err != nil {
		return nil, "", apperr.Wrap("backlinks.ListPlacements", err)
	}
	out := make([]Placement, len(items))
	for i, it := range items {
		out[i] = it.view(it.Direction)
	}
	return out, next, nil
}

// cancelAttempts bounds the retries of a removal that raced a link check.
const cancelAttempts = 3

// Cancel removes a link the caller's site hosts (DELETE .../placements/{id}):
// the placement is cancelled, the link is unlinked in the article (its
// words stay), and the credits move as end describes (a live link's earned
// credits are taken back from the host; otherwise the held credits return
// to the requester). The placement it returns is the result its
// transaction commits with, so the request's answer is stored with the
// removal (see dynamo.Table.Commit). Errors: not_found; conflict for an
// inbound placement or one that already ended.
func (s *Service) Cancel(ctx context.Context, siteID, id string) (Placement, error) {
	who, _, err := s.site(ctx, siteID)
	if err != nil {
		return Placement{}, err
	}
	for try := 0; ; try++ {
		p, err := s.getPlacement(ctx, siteID, id)
		if err != nil {
			return Placement{}, err
		}
		if p.Direction != Hosted {
			return Placement{}, apperr.New(apperr.Conflict, "Only hosted placements can be removed: this one links to one of your targets from another member's article. Deactivate or delete the target to stop new links.")
		}
		if p.ended() {
			return Placement{}, apperr.Newf(apperr.Conflict, "This placement already ended (status %s).", p.Status)
		}
		ended, err := s.end(ctx, p, ending{status: StatusCancelled, reason: ReasonRemovedByHost, by: &who, answer: true})
		if err == nil {
			return ended.view(Hosted), nil
		}
		if !lostRace(err) {
			return Placement{}, apperr.Wrap("backlinks.Cancel", err)
		}
		if try+1 >= cancelAttempts {
			return Placement{}, apperr.New(apperr.Conflict, "The placement changed at the same moment (a link check ran). Send the request again.")
		}
	}
}
