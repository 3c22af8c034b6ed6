package contentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/autopilot"
)

// Autopilot serves a site's autopilot settings.
type Autopilot struct {
	Autopilot *autopilot.Service
}

// Handlers returns the autopilot handlers by route key.
func (h *Autopilot) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.GetAutopilot.Key():    h.get,
		routes.UpdateAutopilot.Key(): h.update,
	}
}

func autopilotView(s autopilot.Settings) any { return map[string]any{"autopilot": s} }

func (h *Autopilot) get(w http.ResponseWriter, r *http.Request) {
	s, err := h.Autopilot.Get(r.Context(), r.PathValue("site_id"))
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, autopilotView(s))
}

func (h *Autopilot) update(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	p, err := autopilot.ParsePatch(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	// api.Run stores the answer with the change (Idempotency-Key): a retry
	// after a crash between the two replays it.
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (autopilot.Settings, error) {
		return h.Autopilot.Update(ctx, r.PathValue("site_id"), p)
	}, autopilotView)
}
