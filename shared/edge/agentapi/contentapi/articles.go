// Package contentapi holds the agent API's HTTP handlers of the content
// side (spec 4.6 to 4.9): articles and writing, autopilot, keywords,
// research and rank, site keys, integrations and credits (the backlink
// exchange's are in exchangeapi, forum presence's in presenceapi). Each decodes the request, calls one domain
// method and encodes the answer, as agentapi's do; it is apart so that the
// functions of the other groups do not link the content features.
package contentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/articles/editing"
)

// Articles serves the article endpoints of a site.
type Articles struct {
	Articles *editing.Service
}

// Handlers returns the article CRUD handlers by route key.
func (h *Articles) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.ListArticles.Key():  h.list,
		routes.CreateArticle.Key(): h.create,
		routes.GetArticle.Key():    h.get,
		routes.UpdateArticle.Key(): h.update,
		routes.DeleteArticle.Key(): h.delete,
	}
}

func articleView(a articles.Article) any { return map[string]any{"article": a} }

func (h *Articles) list(w http.ResponseWriter, r *http.Request) {
	page, err := api.ReadPage(r, "status", "keyword")
	if err != nil {
		api.Error(w, r, err)
		return
	}
	f := articles.Filter{Statuses: api.QueryList(r, "status"), Keyword: r.URL.Query().Get("keyword")}
	list, next, err := h.Articles.List(r.Context(), r.PathValue("site_id"), f, page.Limit, page.Cursor)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.WriteList(w, r, page, "articles", list, next)
}

func (h *Articles) create(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	d, err := editing.ParseDraft(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusCreated, func(ctx context.Context) (articles.Article, error) {
		return h.Articles.Create(ctx, r.PathValue("site_id"), d)
	}, articleView)
}

func (h *Articles) get(w http.ResponseWriter, r *http.Request) {
	a, err := h.Articles.Get(r.Context(), r.PathValue("site_id"), r.PathValue("article_id"))
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, articleView(a))
}

func (h *Articles) update(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	in, err := editing.ParsePatch(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	// api.Run stores the answer with the change (Idempotency-Key): a retry
	// after a crash between the two replays it.
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (articles.Article, error) {
		return h.Articles.Update(ctx, r.PathValue("site_id"), r.PathValue("article_id"), in)
	}, articleView)
}

func (h *Articles) delete(w http.ResponseWriter, r *http.Request) {
	// As update: a retry of a delete that committed replays its answer
	// rather than answering not_found.
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (articles.Article, error) {
		return h.Articles.Delete(ctx, r.PathValue("site_id"), r.PathValue("article_id"))
	}, func(a articles.Article) any { return map[string]any{"deleted": true, "id": a.ID} })
}
