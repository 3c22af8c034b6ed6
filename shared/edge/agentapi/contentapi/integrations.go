package contentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/feature/jobs"
)

// Integrations serves the push integration endpoints (spec 4.2).
type Integrations struct {
	Integrations *integrations.Service
}

// Handlers returns the integration handlers by route key.
func (h *Integrations) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.ListIntegrations.Key():        h.list,
		routes.ListArticleDestinations.Key(): h.destinations,
		routes.GetIntegration.Key():          h.get,
		routes.ConnectIntegration.Key():      h.connect,
		routes.UpdateIntegration.Key():       h.configure,
		routes.SyncIntegration.Key():         h.sync,
		routes.DisconnectIntegration.Key():   h.disconnect,
	}
}

func integrationView(i integrations.Integration) any { return map[string]any{"integration": i} }

func (h *Integrations) list(w http.ResponseWriter, r *http.Request) {
	page, err := api.ReadPage(r)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	list, err := h.Integrations.List(r.Context(), r.PathValue("site_id"))
	if err != nil {
		api.Error(w, r, err)
		return
	}
	writeSlice(w, r, "integrations", list, page)
}

func (h *Integrations) destinations(w http.ResponseWriter, r *http.Request) {
	page, err := api.ReadPage(r)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	list, err := h.Integrations.Destinations(r.Context(), r.PathValue("site_id"), r.PathValue("article_id"))
	if err != nil {
		api.Error(w, r, err)
		return
	}
	writeSlice(w, r, "destinations", list, page)
}

// writeSlice answers page of a list read whole, under its plural name.
func writeSlice[T any](w http.ResponseWriter, r *http.Request, name string, items []T, page api.Page) {
	out, next, err := api.SlicePage(items, page, name)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.WriteList(w, r, page, name, out, next)
}

func (h *Integrations) get(w http.ResponseWriter, r *http.Request) {
	i, err := h.Integrations.Get(r.Context(), r.PathValue("site_id"), r.PathValue("integration_id"))
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, integrationView(i))
}

func (h *Integrations) configure(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	in, err := integrations.ParsePatch(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	// api.Run stores the answer with the change (Idempotency-Key): a retry
	// after a crash between the two replays it.
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (integrations.Integration, error) {
		return h.Integrations.Configure(ctx, r.PathValue("site_id"), r.PathValue("integration_id"), in)
	}, integrationView)
}

func (h *Integrations) disconnect(w http.ResponseWriter, r *http.Request) {
	// As configure: the answer is stored with the disconnection.
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (integrations.Integration, error) {
		return h.Integrations.Disconnect(ctx, r.PathValue("site_id"), r.PathValue("integration_id"))
	}, integrationView)
}

func (h *Integrations) connect(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (integrations.Started, error) {
		return h.Integrations.StartConnect(ctx, r.PathValue("site_id"), r.PathValue("integration_id"))
	}, func(s integrations.Started) any {
		return map[string]any{"connect": s.Connect, "integration": s.Integration}
	})
}

func (h *Integrations) sync(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusAccepted, func(ctx context.Context) (jobs.Job, error) {
		return h.Integrations.Sync(ctx, r.PathValue("site_id"), r.PathValue("integration_id"))
	}, func(j jobs.Job) any { return map[string]any{"job": j} })
}
