package agentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/sites"
)

// SiteHandlers serves a site's settings and scan (spec 4.5, 4.6):
// PATCH /sites/{site_id}, GET and POST /sites/{site_id}/scan.
type SiteHandlers struct {
	Settings *sites.Settings
	Scans    *scans.Service
}

// Handlers returns the handlers by route key.
func (h *SiteHandlers) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.UpdateSite.Key(): h.patchSite,
		routes.GetScan.Key():    h.getScan,
		routes.StartScan.Key():  h.startScan,
	}
}

func (h *SiteHandlers) patchSite(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	p, err := sites.ParsePatch(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (sites.Site, error) {
		return h.Settings.Update(ctx, r.PathValue("site_id"), p)
	}, func(s sites.Site) any { return map[string]any{"site": s} })
}

func (h *SiteHandlers) getScan(w http.ResponseWriter, r *http.Request) {
	sc, err := h.Scans.Get(r.Context(), r.PathValue("site_id"))
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"scan": sc})
}

func (h *SiteHandlers) startScan(w http.ResponseWriter, r *http.Request) {
	if api.Decode(w, r) == nil {
		return // the body, if any, must be JSON
	}
	api.Run(w, r, http.StatusAccepted, func(ctx context.Context) (jobs.Job, error) {
		return h.Scans.Start(ctx, r.PathValue("site_id"))
	}, func(j jobs.Job) any { return map[string]any{"job": j} })
}
