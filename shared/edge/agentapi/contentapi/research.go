package contentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/rank"
	"rvcontent/shared/feature/research"
)

// Research serves research runs and keyword coverage (spec 4.6): POST
// /sites/{site_id}/research and GET /sites/{site_id}/rank.
type Research struct {
	Research *research.Service
	Rank     *rank.Service
}

// Handlers returns the handlers by route key.
func (h *Research) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.RunResearch.Key(): h.start,
		routes.GetRank.Key():     h.rank,
	}
}

func (h *Research) start(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	req, err := research.ParseRequest(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusAccepted, func(ctx context.Context) (jobs.Job, error) {
		return h.Research.Start(ctx, r.PathValue("site_id"), req)
	}, func(j jobs.Job) any { return map[string]any{"job": j} })
}

func (h *Research) rank(w http.ResponseWriter, r *http.Request) {
	rk, err := h.Rank.Get(r.Context(), r.PathValue("site_id"))
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"rank": rk})
}
