package agentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/accounts"
)

func (s *Accounts) createAccount(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	in, err := accounts.ParseCreate(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusCreated, func(ctx context.Context) (accounts.Created, error) {
		return s.Accounts.Create(ctx, in)
	}, func(c accounts.Created) any {
		return map[string]any{
			"account": c.Account, "site": c.Site, "scan_job_id": c.ScanJobID,
			"agent_key": c.AgentKey, "claim_url": c.ClaimURL,
		}
	})
}

func (s *Accounts) getAccount(w http.ResponseWriter, r *http.Request) {
	a, err := s.Accounts.Get(r.Context(), Caller(r).AccountID)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"account": a})
}

func (s *Accounts) resendClaim(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusOK, s.Accounts.ResendClaim, func(res accounts.ResendResult) any { return res })
}

func (s *Accounts) deleteAccount(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusOK, s.Accounts.Delete, func(e accounts.Erased) any { return e })
}
