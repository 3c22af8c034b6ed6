package publicapi

import (
	"io"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/liveurls"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/ids"
)

func (s *Server) ping(w http.ResponseWriter, r *http.Request) {
	site := callerOf(r).Site(r.Context())
	api.JSON(w, http.StatusOK, Ping{OK: true, Service: ServiceName, BrandName: site.BrandName, WebsiteURL: site.WebsiteURL, LogoURL: site.AvatarURL})
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	q, err := readListQuery(r.URL.RawQuery)
	if err != nil {
		writeError(w, r, err)
		return
	}
	list, err := s.Articles.ListFinished(r.Context(), callerOf(r).SiteID, q.Since, q.Limit, q.Unpublished)
	if err != nil {
		writeError(w, r, err)
		return
	}
	page := Page{Articles: make([]Article, len(list)), Count: len(list)}
	for i, a := range list {
		page.Articles[i] = viewOf(a)
	}
	switch {
	case len(list) > 0:
		page.NextSince = &list[len(list)-1].UpdatedAt
	case q.SinceSent != "":
		page.NextSince = &q.SinceSent
	}
	api.JSON(w, http.StatusOK, page)
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !ids.Valid(id) {
		writeError(w, r, liveurls.ErrNotUUID)
		return
	}
	a, err := s.Articles.Get(r.Context(), callerOf(r).SiteID, id)
	if err == nil && a.Status != articles.StatusFinished {
		err = liveurls.ErrArticleNotFound
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"article": viewOf(a)})
}

// maxBody is the largest PATCH body read; a larger one cannot hold a
// valid report.
const maxBody = api.MaxBody

func (s *Server) patch(w http.ResponseWriter, r *http.Request) {
	c := callerOf(r)
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil || len(body) > maxBody {
		body = nil // answered as a missing body
	}
	a, err := s.Recorder.Record(r.Context(), liveurls.Report{
		Site: c.Site(r.Context()), AccountID: c.AccountID, ArticleID: r.PathValue("id"), Body: body,
		By: auth.Principal{
			AccountID: c.AccountID, CredentialID: c.KeyID, IP: api.ClientIP(r),
			Actor: auth.Actor{Type: auth.ActorService, ID: c.KeyID, Name: "site key " + c.KeyPrefix},
		},
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"article": viewOf(a)})
}
