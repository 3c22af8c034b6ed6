// Package presenceapi holds the agent API's HTTP handlers of forum
// presence (spec 4.8): settings, sweeps, threads, drafts and replies. Each
// decodes the request, calls one forum method and encodes the answer, as
// agentapi's do; it is apart from contentapi so that the forum function
// links none of the article-writing side.
package presenceapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/forum"
	"rvcontent/shared/feature/jobs"
)

// Forum serves forum presence (spec 4.8).
type Forum struct {
	Forum *forum.Service
}

// Handlers returns the forum presence handlers by route key.
func (h *Forum) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.GetForum.Key():          h.settings,
		routes.UpdateForum.Key():       h.updateSettings,
		routes.StartForumSweep.Key():   h.sweep,
		routes.ListForumThreads.Key():  h.listThreads,
		routes.GetForumThread.Key():    h.thread,
		routes.UpdateForumThread.Key(): h.updateThread,
		routes.DraftForumReply.Key():   h.draft,
		routes.EditForumDraft.Key():    h.editDraft,
		routes.ListForumReplies.Key():  h.listReplies,
		routes.RecordForumReply.Key():  h.recordReply,
	}
}

func forumSettingsView(s forum.Settings) any   { return map[string]any{"forum": s} }
func forumThreadView(t forum.ThreadDetail) any { return map[string]any{"thread": t} }
func forumDraftView(d forum.Draft) any         { return map[string]any{"draft": d} }
func forumReplyView(r forum.Reply) any         { return map[string]any{"reply": r} }
func forumJobView(j jobs.Job) any              { return map[string]any{"job": j} }

// forumRespond writes v, or err as the error body.
func forumRespond(w http.ResponseWriter, r *http.Request, v any, err error) {
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, v)
}

func (h *Forum) settings(w http.ResponseWriter, r *http.Request) {
	s, err := h.Forum.Settings(r.Context(), r.PathValue("site_id"))
	forumRespond(w, r, forumSettingsView(s), err)
}

func (h *Forum) updateSettings(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	in, err := forum.ParsePatch(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	// api.Run stores the answer with the change (Idempotency-Key): a retry
	// after a crash between the two replays it.
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (forum.Settings, error) {
		return h.Forum.UpdateSettings(ctx, r.PathValue("site_id"), in)
	}, forumSettingsView)
}

func (h *Forum) sweep(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusAccepted, func(ctx context.Context) (jobs.Job, error) {
		return h.Forum.StartSweep(ctx, r.PathValue("site_id"))
	}, forumJobView)
}

func (h *Forum) listThreads(w http.ResponseWriter, r *http.Request) {
	page, err := api.ReadPage(r, "status")
	if err != nil {
		api.Error(w, r, err)
		return
	}
	list, next, err := h.Forum.ListThreads(r.Context(), r.PathValue("site_id"), api.QueryList(r, "status"), page.Limit, page.Cursor)
	if err == nil {
		next, err = page.Next(next)
	}
	forumRespond(w, r, api.List("threads", list, next), err)
}

func (h *Forum) thread(w http.ResponseWriter, r *http.Request) {
	t, err := h.Forum.GetThread(r.Context(), r.PathValue("site_id"), r.PathValue("thread_id"))
	forumRespond(w, r, forumThreadView(t), err)
}

func (h *Forum) updateThread(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	in, err := forum.ParseThreadPatch(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	// As updateSettings: the answer is stored with the change.
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (forum.ThreadDetail, error) {
		return h.Forum.UpdateThread(ctx, r.PathValue("site_id"), r.PathValue("thread_id"), in)
	}, forumThreadView)
}

func (h *Forum) draft(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	instructions, err := forum.ParseDraftRequest(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (forum.Draft, error) {
		return h.Forum.WriteDraft(ctx, r.PathValue("site_id"), r.PathValue("thread_id"), instructions)
	}, forumDraftView)
}

func (h *Forum) editDraft(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	edited, err := forum.ParseDraftEdit(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	// As updateSettings: the answer is stored with the change.
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (forum.Draft, error) {
		return h.Forum.EditDraft(ctx, r.PathValue("site_id"), r.PathValue("draft_id"), edited)
	}, forumDraftView)
}

func (h *Forum) listReplies(w http.ResponseWriter, r *http.Request) {
	page, err := api.ReadPage(r, "status")
	if err != nil {
		api.Error(w, r, err)
		return
	}
	list, next, err := h.Forum.ListReplies(r.Context(), r.PathValue("site_id"), api.QueryList(r, "status"), page.Limit, page.Cursor)
	if err == nil {
		next, err = page.Next(next)
	}
	forumRespond(w, r, api.List("replies", list, next), err)
}

func (h *Forum) recordReply(w http.ResponseWriter, r *http.Request) {
	o := api.Decode(w, r)
	if o == nil {
		return
	}
	in, err := forum.ParseReplyRecord(o)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (forum.Reply, error) {
		return h.Forum.RecordReply(ctx, r.PathValue("site_id"), in)
	}, forumReplyView)
}
