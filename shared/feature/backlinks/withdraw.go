package backlinks

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

	"rvcontent/shared/kernel/apperr"
)

// Withdraw ends every placement of site siteID that has not ended, hosted
// and inbound, because the site's account is being deleted. Each ends as
// the exchange ends a placement (see end): held credits go back to the
// requester, and the link is unlinked in the host article, so the other
// members' credits and articles stay right. A live link's earned credits
// are taken back from a deleted host for the requester (as many as its
// balance still holds: see returnCredits); a host whose
// requester was deleted keeps them, and its reputation is not lowered. A placement a link check changed at
// the same moment is read again.
func (s *Service) Withdraw(ctx context.Context, siteID string) error {
	in, err := placementsQuery(siteID)
	if err != nil {
		return apperr.Wrap("backlinks.Withdraw", err)
	}
	raw, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		return apperr.Wrap("backlinks.Withdraw", err)
	}
	var items []placementItem
	if err := attributevalue.UnmarshalListOfMaps(raw, &items); err != nil {
		return apperr.Wrap("backlinks.Withdraw", err)
	}
	for _, it := range items {
		for try := 0; !it.ended(); try++ {
			p, err := s.getPlacement(ctx, siteID, it.ID)
			if err != nil || p.ended() {
				break
			}
			_, err = s.end(ctx, p, ending{status: StatusCancelled, reason: ReasonSiteDeleted, gone: siteID})
			if err == nil {
				break
			}
			if !lostRace(err) || try+1 >= cancelAttempts {
				return apperr.Wrap("backlinks.Withdraw", err)
			}
		}
	}
	return nil
}
