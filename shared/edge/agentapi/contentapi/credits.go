package contentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/sites"
)

// Credits serves a site's credit balances.
type Credits struct {
	Service *credits.Service
	Sites   *sites.Store
}

// Handlers returns the credits handler by route key.
func (h *Credits) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.GetCredits.Key(): h.get,
	}
}

func (h *Credits) get(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (credits.Credits, error) {
		p, id := agentapi.Caller(r), r.PathValue("site_id")
		var c credits.Credits
		_, err := h.Sites.Within(ctx, p.AccountID, id, func(ctx context.Context) (err error) {
			c, err = h.Service.Get(ctx, p.AccountID, id)
			return err
		})
		return c, err
	}, func(c credits.Credits) any { return map[string]any{"credits": c} })
}
