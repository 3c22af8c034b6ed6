package erasure

import (
	"context"
	"strings"

	"rvcontent/shared/platform/dynamo"
)

// revoke makes every credential of account id stop working: its agent keys
// and app connections (with their refresh tokens), its owner sessions and
// its site keys lose the lookup items that authenticate them, and its
// webhook endpoints are deleted, so nothing more is delivered (each leaves
// a mark, so the erase job still finds and deletes its log). Safe to run
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
	if err := markErased(ctx, t, id, hooks); err != nil {
		return err
	}
	return deleteAll(ctx, t, append(doomed, hooks...))
}

// mark is an erased endpoint's mark (dynamo.ErasedWebhookSK).
type mark struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
}

// markErased writes, before webhook endpoints hooks of account id are
// deleted, the marks by which the erase job finds their logs (deliveries
// and attempts, in partitions of their own) once the endpoints are gone.
func markErased(ctx context.Context, t *dynamo.Table, id string, hooks []key) error {
	return inBatches(ctx, t, "mark the webhook logs", len(hooks), func(tx *dynamo.Tx, i int) {
		w := strings.TrimPrefix(hooks[i].SK, dynamo.WebhookPrefix)
		tx.Put("mark", mark{PK: dynamo.AccountPK(id), SK: dynamo.ErasedWebhookSK(w)}, "", nil)
	})
}
