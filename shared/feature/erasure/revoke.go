package erasure

import (
	"context"
	"strings"

	"rvcontent/shared/platform/dynamo"
)

// revoke makes every credential of account id stop working: its agent keys
// and app connections (with their refresh tokens), its owner sessions and
// its site keys lose the lookup items that authenticate them, and its
// webhook endpoints are deleted, so nothing more is delivered. Safe to run
// again.
func revoke(ctx context.Context, t *dynamo.Table, id string) error {
	own := dynamo.AccountPK(id)
	var doomed []key
	creds, err := keysWith(ctx, t, own, dynamo.CredentialPrefix)
	if err != nil {
		return err
	}
	for _, c := range creds {
		doomed = append(doomed, c, key{PK: dynamo.CredentialHashPK(c.Hash), SK: dynamo.CredentialHashSK})
		if c.RefreshHash != "" {
			doomed = append(doomed, key{PK: dynamo.OAuthRefreshPK(c.RefreshHash), SK: dynamo.OAuthRefreshSK})
		}
	}
	sessions, err := keysWith(ctx, t, own, dynamo.SessionIndexPrefix)
	if err != nil {
		return err
	}
	for _, s := range sessions {
		doomed = append(doomed, s, key{PK: dynamo.SessionPK(strings.TrimPrefix(s.SK, dynamo.SessionIndexPrefix)), SK: dynamo.SessionSK})
	}
	sites, err := keysWith(ctx, t, own, dynamo.SitePrefix)
	if err != nil {
		return err
	}
	for _, s := range sites {
		keys, err := keysWith(ctx, t, dynamo.SitePK(strings.TrimPrefix(s.SK, dynamo.SitePrefix)), dynamo.SiteKeyPrefix)
		if err != nil {
			return err
		}
		for _, k := range keys {
			doomed = append(doomed, k, key{PK: dynamo.SiteKeyHashPK(k.Hash), SK: dynamo.SiteKeyHashSK})
		}
	}
	hooks, err := keysWith(ctx, t, own, dynamo.WebhookPrefix)
	if err != nil {
		return err
	}
	return deleteAll(ctx, t, append(doomed, hooks...))
}
