package agentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/feature/studio"
)

// Studio serves adding, removing and restoring Studio sites (spec 4.5).
type Studio struct {
	Service *studio.Service
}

// Handlers returns the Studio site handlers by route key.
func (h *Studio) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.AddStudioSite.Key():     h.add,
		routes.RemoveStudioSite.Key():  h.remove,
		routes.RestoreStudioSite.Key(): h.restore,
	}
}

func (h *Studio) add(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	in, err := studio.ParseAdd(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusCreated, func(ctx context.Context) (studio.Added, error) {
		return h.Service.Add(ctx, in, requestKey(r))
	}, func(a studio.Added) any { return a })
}

func (h *Studio) remove(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (sites.Site, error) {
		return h.Service.Remove(ctx, r.PathValue("site_id"))
	}, func(s sites.Site) any { return map[string]any{"site": s} })
}

func (h *Studio) restore(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	date, err := studio.ParseRestore(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (studio.Restored, error) {
		return h.Service.Restore(ctx, r.PathValue("site_id"), date, requestKey(r))
	}, func(s studio.Restored) any { return s })
}
