package agentapi

import (
	"context"
	"net/http"
	"time"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/kernel/apperr"
)

func (s *Jobs) getJob(w http.ResponseWriter, r *http.Request) {
	var problems []apperr.Problem
	wait, _ := queryInt(r, "wait", 0, jobs.MaxWaitParam, &problems)
	if len(problems) > 0 {
		api.Error(w, r, apperr.Invalid(problems...))
		return
	}
	j, err := s.Jobs.Wait(r.Context(), Caller(r).AccountID, r.PathValue("job_id"), time.Duration(wait)*time.Second)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"job": j})
}

func (s *Jobs) listJobs(w http.ResponseWriter, r *http.Request) {
	page, err := api.ReadPage(r, "site_id", "kind", "status")
	if err != nil {
		api.Error(w, r, err)
		return
	}
	q := r.URL.Query()
	f := jobs.Filter{SiteID: q.Get("site_id"), Kinds: api.QueryList(r, "kind"), Statuses: api.QueryList(r, "status")}
	var list []jobs.Job
	var next string
	err = listOfSite(r, s.Sites, func(ctx context.Context) (err error) {
		list, next, err = s.Jobs.List(ctx, Caller(r).AccountID, f, page.Limit, page.Cursor)
		return err
	})
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.WriteList(w, r, page, "jobs", list, next)
}
