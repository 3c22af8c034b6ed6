package contentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/sitekeys"
)

// SiteKeys serves the site key endpoints (spec 4.2, 5).
type SiteKeys struct {
	Keys *sitekeys.Service
}

// Handlers returns the site key handlers by route key.
func (h *SiteKeys) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.ListSiteKeys.Key():  h.list,
		routes.CreateSiteKey.Key(): h.create,
		routes.RevokeSiteKey.Key(): h.revoke,
	}
}

func (h *SiteKeys) list(w http.ResponseWriter, r *http.Request) {
	page, err := api.ReadPage(r)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	list, next, err := h.Keys.List(r.Context(), r.PathValue("site_id"), page.Limit, page.Cursor)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.WriteList(w, r, page, "site_keys", list, next)
}

func (h *SiteKeys) create(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	in, err := sitekeys.ParseNew(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusCreated, func(ctx context.Context) (sitekeys.SiteKey, error) {
		return h.Keys.Create(ctx, r.PathValue("site_id"), in)
	}, func(k sitekeys.SiteKey) any { return map[string]any{"site_key": k} })
}

func (h *SiteKeys) revoke(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (sitekeys.SiteKey, error) {
		return h.Keys.Revoke(ctx, r.PathValue("site_id"), r.PathValue("key_id"))
	}, func(k sitekeys.SiteKey) any { return map[string]any{"revoked": true, "id": k.ID} })
}
