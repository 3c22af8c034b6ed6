package contentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/keywords"
)

// Keywords serves a site's keywords (spec 4.6).
type Keywords struct {
	Keywords *keywords.Service
}

// Handlers returns the keyword handlers by route key.
func (h *Keywords) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.ListKeywords.Key():  h.list,
		routes.AddKeyword.Key():    h.create,
		routes.DeleteKeyword.Key(): h.delete,
	}
}

func (h *Keywords) list(w http.ResponseWriter, r *http.Request) {
	page, err := api.ReadPage(r, "source")
	if err != nil {
		api.Error(w, r, err)
		return
	}
	source, err := keywords.ParseSource(r.URL.Query().Get("source"))
	if err != nil {
		api.Error(w, r, err)
		return
	}
	list, next, err := h.Keywords.List(r.Context(), r.PathValue("site_id"), source, page.Limit, page.Cursor)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.WriteList(w, r, page, "keywords", list, next)
}

func (h *Keywords) create(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	d, err := keywords.ParseDraft(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusCreated, func(ctx context.Context) (keywords.Keyword, error) {
		return h.Keywords.Create(ctx, r.PathValue("site_id"), d)
	}, func(k keywords.Keyword) any { return map[string]any{"keyword": k} })
}

func (h *Keywords) delete(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (keywords.Keyword, error) {
		return h.Keywords.Delete(ctx, r.PathValue("site_id"), r.PathValue("keyword_id"))
	}, func(k keywords.Keyword) any { return map[string]any{"deleted": true, "id": k.ID} })
}
