package webhooks

import (
	"context"

	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/platform/dynamo"
)

var _ credentials.RevokeListener = (*Service)(nil)

// CredentialRevoked adds to a revocation's transaction the disabling of
// every enabled endpoint the revoked credential created (spec 5);
// disabled_reason is "credential_revoked", and answers how many it
// disables. The endpoints stay listed, and PATCH with enabled true turns
// one back on.
func (s *Service) CredentialRevoked(ctx context.Context, tx *dynamo.Tx, accountID, credentialID string) (int, error) {
	eps, err := s.all(ctx, accountID)
	if err != nil {
		return 0, err
	}
	disabled := 0
	p, ok := auth.From(ctx)
	if !ok {
		p = auth.Service(accountID, "Credential revocation")
	}
	now := s.Clock.Now()
	for _, ep := range eps {
		if ep.CredentialID != credentialID || !ep.Enabled {
			continue
		}
		b := disableUpdate(ReasonCredentialRevoked)
		b.condition("attribute_exists(pk)")
		tx.Update("webhook:"+ep.ID, ep.PK, ep.SK, b.update())
		recordChange(tx, now, p, ep.Endpoint, "disabled",
			"Webhook endpoint "+display(ep.URL)+" disabled: the credential that created it was revoked")
		disabled++
	}
	return disabled, nil
}
