package agentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/feature/credentials"
)

func (s *Accounts) listAgentKeys(w http.ResponseWriter, r *http.Request) {
	page, err := api.ReadPage(r)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	keys, next, err := s.Credentials.List(r.Context(), Caller(r).AccountID, page.Limit, page.Cursor)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.WriteList(w, r, page, "agent_keys", keys, next)
}

func (s *Accounts) createAgentKey(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	in := accounts.ParseAgent(o)
	if err := o.Err(); err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusCreated, func(ctx context.Context) (credentials.AgentKey, error) {
		return s.Credentials.Create(ctx, in)
	}, func(k credentials.AgentKey) any { return map[string]any{"agent_key": k} })
}

func (s *Accounts) revokeAgentKey(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (credentials.AgentKey, error) {
		return s.Credentials.Revoke(ctx, r.PathValue("id"))
	}, func(k credentials.AgentKey) any { return map[string]any{"revoked": true, "id": k.ID} })
}
