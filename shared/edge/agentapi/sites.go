package agentapi

import (
	"net/http"

	"rvcontent/shared/edge/api"
)

func (s *Sites) listSites(w http.ResponseWriter, r *http.Request) {
	page, err := api.ReadPage(r)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	list, next, err := s.Sites.List(r.Context(), Caller(r).AccountID, page.Limit, page.Cursor)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.WriteList(w, r, page, "sites", list, next)
}

func (s *Sites) getSite(w http.ResponseWriter, r *http.Request) {
	site, err := s.Sites.Get(r.Context(), Caller(r).AccountID, r.PathValue("site_id"))
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"site": site})
}
