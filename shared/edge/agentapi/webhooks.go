package agentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/webhooks"
)

// Webhooks holds the handlers of webhook endpoints (spec 4.10) and of their
// attempt log.
type Webhooks struct {
	Service *webhooks.Service
}

// Handlers returns the webhook handlers by route key.
func (h *Webhooks) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.ListWebhooks.Key():          h.list,
		routes.CreateWebhook.Key():         h.create,
		routes.UpdateWebhook.Key():         h.update,
		routes.DeleteWebhook.Key():         h.delete,
		routes.TestWebhook.Key():           h.test,
		routes.ListWebhookDeliveries.Key(): h.attempts,
	}
}

func (h *Webhooks) list(w http.ResponseWriter, r *http.Request) {
	page, err := api.ReadPage(r)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	eps, next, err := h.Service.List(r.Context(), Caller(r).AccountID, page.Limit, page.Cursor)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.WriteList(w, r, page, "webhooks", eps, next)
}

func (h *Webhooks) create(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	in, err := webhooks.ParseNew(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusCreated, func(ctx context.Context) (webhooks.Endpoint, error) {
		return h.Service.Create(ctx, in)
	}, func(ep webhooks.Endpoint) any { return map[string]any{"webhook": ep} })
}

func (h *Webhooks) update(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	patch, err := webhooks.ParsePatch(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	// api.Run stores the answer with the change (Idempotency-Key): a retry
	// after a crash between the two replays it.
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (webhooks.Endpoint, error) {
		return h.Service.Update(ctx, r.PathValue("webhook_id"), patch)
	}, func(ep webhooks.Endpoint) any { return map[string]any{"webhook": ep} })
}

func (h *Webhooks) delete(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("webhook_id")
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (string, error) {
		return id, h.Service.Delete(ctx, id)
	}, func(id string) any { return map[string]any{"deleted": true, "id": id} })
}

func (h *Webhooks) test(w http.ResponseWriter, r *http.Request) {
	if api.Decode(w, r) == nil {
		return // the body, if any, must be JSON
	}
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (webhooks.TestResult, error) {
		return h.Service.Test(ctx, r.PathValue("webhook_id"))
	}, func(res webhooks.TestResult) any { return map[string]any{"delivery": res} })
}

func (h *Webhooks) attempts(w http.ResponseWriter, r *http.Request) {
	page, err := api.ReadPage(r)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	list, next, err := h.Service.Attempts(r.Context(), Caller(r).AccountID, r.PathValue("webhook_id"), page.Limit, page.Cursor)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.WriteList(w, r, page, "deliveries", list, next)
}
