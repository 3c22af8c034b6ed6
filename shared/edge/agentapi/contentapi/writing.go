package contentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/articles/editing"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/publish"
	"rvcontent/shared/feature/score"
	"rvcontent/shared/feature/writing"
)

// Writing serves the article actions: generate, rewrite-section, score,
// finish and publish.
type Writing struct {
	Articles *editing.Service
	Writing  *writing.Service
	Publish  *publish.Service
}

// Handlers returns the article action handlers by route key.
func (h *Writing) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.GenerateArticle.Key():       h.generate,
		routes.RewriteArticleSection.Key(): h.rewrite,
		routes.GetArticleScore.Key():       h.score,
		routes.FinishArticle.Key():         h.finish,
		routes.PublishArticle.Key():        h.publish,
	}
}

func (h *Writing) generate(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusAccepted, func(ctx context.Context) (jobs.Job, error) {
		return h.Writing.Generate(ctx, agentapi.Caller(r), r.PathValue("site_id"), r.PathValue("article_id"))
	}, func(j jobs.Job) any { return map[string]any{"job": j} })
}

func (h *Writing) rewrite(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	in, err := writing.ParseRewrite(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (writing.Rewrite, error) {
		return h.Writing.RewriteSection(ctx, agentapi.Caller(r), r.PathValue("site_id"), r.PathValue("article_id"), in)
	}, rewriteView)
}

func rewriteView(rw writing.Rewrite) any {
	return map[string]any{"article": rw.Article, "rewrite": map[string]any{
		"section": rw.Section, "before": rw.Before, "after": rw.After, "applied": rw.Applied,
	}}
}

func (h *Writing) score(w http.ResponseWriter, r *http.Request) {
	s, err := h.Articles.Score(r.Context(), r.PathValue("site_id"), r.PathValue("article_id"))
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]score.Score{"score": s})
}

func (h *Writing) finish(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (articles.Article, error) {
		return h.Articles.Finish(ctx, r.PathValue("site_id"), r.PathValue("article_id"))
	}, articleView)
}

func (h *Writing) publish(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	in, err := publish.ParseRequest(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (publish.Result, error) {
		return h.Publish.Publish(ctx, agentapi.Caller(r), r.PathValue("site_id"), r.PathValue("article_id"), in)
	}, func(res publish.Result) any {
		outcomes := res.Outcomes
		if outcomes == nil {
			outcomes = []publish.Outcome{}
		}
		return map[string]any{"article": res.Article, "results": outcomes}
	})
}
