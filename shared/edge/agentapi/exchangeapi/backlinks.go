// Package exchangeapi holds the agent API's HTTP handlers of the backlink
// exchange (spec 4.7): settings, the domain and its verification, targets
// and placements. Each decodes the request, calls one backlinks method and
// encodes the answer, as agentapi's do; it is apart from contentapi so
// that the backlinks function links none of the writing side.
package exchangeapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/backlinks"
	"rvcontent/shared/kernel/input"
)

// Backlinks serves the backlink exchange (spec 4.7).
type Backlinks struct {
	Service *backlinks.Service
}

// Handlers returns the exchange's handlers by route key.
func (h *Backlinks) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.GetBacklinks.Key():            h.overview,
		routes.UpdateBacklinks.Key():         h.settings,
		routes.SetBacklinkDomain.Key():       h.setDomain,
		routes.VerifyBacklinkDomain.Key():    h.verify,
		routes.ListBacklinkTargets.Key():     h.listTargets,
		routes.CreateBacklinkTarget.Key():    h.createTarget,
		routes.UpdateBacklinkTarget.Key():    h.updateTarget,
		routes.DeleteBacklinkTarget.Key():    h.deleteTarget,
		routes.ListBacklinkPlacements.Key():  h.listPlacements,
		routes.RemoveBacklinkPlacement.Key(): h.cancelPlacement,
	}
}

func overviewView(o backlinks.Overview) any { return map[string]any{"backlinks": o} }

func verificationView(v backlinks.Verification) any { return map[string]any{"verification": v} }

func targetView(t backlinks.Target) any { return map[string]any{"target": t} }

func (h *Backlinks) overview(w http.ResponseWriter, r *http.Request) {
	o, err := h.Service.Overview(r.Context(), r.PathValue("site_id"))
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, overviewView(o))
}

func (h *Backlinks) settings(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	p, err := backlinks.ParsePatch(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	// api.Run stores the answer with the change (Idempotency-Key): a retry
	// after a crash between the two replays it.
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (backlinks.Overview, error) {
		return h.Service.UpdateSettings(ctx, r.PathValue("site_id"), p)
	}, overviewView)
}

func (h *Backlinks) setDomain(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	domain, _ := o.String("domain", true, input.SingleLine)
	if err := o.Err(); err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (backlinks.Verification, error) {
		return h.Service.SetDomain(ctx, r.PathValue("site_id"), domain)
	}, verificationView)
}

func (h *Backlinks) verify(w http.ResponseWriter, r *http.Request) {
	if api.Decode(w, r) == nil {
		return // the body, if any, must be JSON
	}
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (backlinks.Verification, error) {
		return h.Service.Verify(ctx, r.PathValue("site_id"))
	}, verificationView)
}

func (h *Backlinks) listTargets(w http.ResponseWriter, r *http.Request) {
	page, err := api.ReadPage(r)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	list, next, err := h.Service.ListTargets(r.Context(), r.PathValue("site_id"), page.Limit, page.Cursor)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.WriteList(w, r, page, "targets", list, next)
}

func (h *Backlinks) createTarget(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	in, err := backlinks.ParseTarget(o, true)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusCreated, func(ctx context.Context) (backlinks.Target, error) {
		return h.Service.CreateTarget(ctx, r.PathValue("site_id"), in)
	}, targetView)
}

func (h *Backlinks) updateTarget(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	in, err := backlinks.ParseTarget(o, false)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	// As settings: the answer is stored with the change.
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (backlinks.Target, error) {
		return h.Service.UpdateTarget(ctx, r.PathValue("site_id"), r.PathValue("target_id"), in)
	}, targetView)
}

func (h *Backlinks) deleteTarget(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (string, error) {
		return h.Service.DeleteTarget(ctx, r.PathValue("site_id"), r.PathValue("target_id"))
	}, func(id string) any { return map[string]any{"deleted": true, "id": id} })
}

func (h *Backlinks) listPlacements(w http.ResponseWriter, r *http.Request) {
	page, err := api.ReadPage(r, "direction", "status")
	if err != nil {
		api.Error(w, r, err)
		return
	}
	f := backlinks.PlacementFilter{Direction: r.URL.Query().Get("direction"), Statuses: api.QueryList(r, "status")}
	list, next, err := h.Service.ListPlacements(r.Context(), r.PathValue("site_id"), f, page.Limit, page.Cursor)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.WriteList(w, r, page, "placements", list, next)
}

func (h *Backlinks) cancelPlacement(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (backlinks.Placement, error) {
		return h.Service.Cancel(ctx, r.PathValue("site_id"), r.PathValue("placement_id"))
	}, func(p backlinks.Placement) any { return map[string]any{"placement": p} })
}
