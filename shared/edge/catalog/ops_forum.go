package catalog

import (
	"fmt"
	"net/http"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/forum"
)

// disclosure is the disclosure_line of PATCH /sites/{site_id}/forum:
// forum.MinDisclosure to forum.MaxDisclosure characters on one line, or
// null, "" or only spaces for the default (the pattern, after surrounding
// whitespace, which the service trims: nothing, or at least the minimum
// from a non-space to a non-space).
func disclosure() Field {
	f := text("disclosure_line", fmt.Sprintf("%d to %d characters on one line: names the brand (or uses the {brand} token) and says the writer works on it; surrounding whitespace is trimmed; null, \"\" or only spaces restores the default.",
		forum.MinDisclosure, forum.MaxDisclosure), 0, forum.MaxDisclosure).nullable().withDefault(forum.DefaultDisclosure)
	f.Schema.Pattern = fmt.Sprintf(`^\s*(\S.{%d,}\S)?\s*$`, forum.MinDisclosure-2)
	return f
}

// forumOps are forum presence (spec 4.8): reads work on any account,
// actions need the paid plan. The service never posts: a person posts the
// drafted reply and the agent records it.
func forumOps() []Operation {
	const tag = "Forum"
	const base = "/sites/{site_id}/forum"
	subforums := func(name, desc string) Field {
		return list(name, desc+" Bare names (no prefix such as r/) of letters, digits, _ or -; null empties the list.", str("", 1, 0), 0, forum.MaxSubforums).nullable()
	}
	return []Operation{
		{
			ID: "get_forum", API: AgentAPI, Method: http.MethodGet, Path: base, Group: routes.Forum, Tag: tag,
			Summary:     "forum presence overview",
			Description: "Returns the site's forum presence settings, access and reply credits.",
			Status:      http.StatusOK, Response: one("forum", forumShape()),
		},
		{
			ID: "update_forum", API: AgentAPI, Method: http.MethodPatch, Path: base, Group: routes.Forum, Tag: tag, Needs: paidPlanSite,
			Summary:     "forum presence settings",
			Description: "Changes the site's forum presence settings; only the fields sent change.",
			Body: []Field{
				flag("enabled", "true turns forum presence on; the site needs a brand name."),
				flag("sweep_enabled", "Automatic sweeps for threads."),
				disclosure(),
				text("niche", "The site's niche.", 0, forum.MaxNiche).nullable(),
				list("topic_tags", "Topics; null empties them.", str("", forum.MinTopicTag, forum.MaxTopicTag), 0, forum.MaxTopicTags).nullable(),
				text("tone", "The replies' tone; null or \"\" restores the default.", 0, forum.MaxTone).nullable().withDefault(forum.DefaultTone),
				integer("max_links_per_reply", "Links per reply.", 0, 1).withDefault(0),
				subforums("allow_subforums", "Only these subforums."),
				subforums("deny_subforums", "Never these subforums."),
				integer("keywords_per_sweep", "Keywords searched per sweep.", 1, forum.MaxKeywordsPerSweep).withDefault(forum.DefaultKeywordsPerSweep),
			},
			Status: http.StatusOK, Response: one("forum", forumShape()),
		},
		{
			ID: "start_forum_sweep", API: AgentAPI, Method: http.MethodPost, Path: base + "/sweeps", Group: routes.Forum, Tag: tag, Needs: paidPlanSite,
			Summary:     "start sweep",
			Description: "Searches the forum for threads matching the site's keywords as a forum.sweep job (answer 202 {job}) whose result has threads_seen and opportunities_created; free, counts toward the AI rate limit.",
			Status:      http.StatusAccepted, Response: jobAnswer(),
			Fails: []Error{errAIRateLimited, errConflict("forum presence is off, or a sweep of the site is running")},
		},
		{
			ID: "list_forum_threads", API: AgentAPI, Method: http.MethodGet, Path: base + "/threads", Group: routes.Forum, Tag: tag,
			Summary:     "list threads",
			Description: "Lists the threads found for the site, best fit first.",
			Query:       paged(commaList("status", "Only threads in these statuses.", forum.ThreadStatuses...)),
			Status:      http.StatusOK, Response: listOf("threads", threadShape()),
		},
		{
			ID: "get_forum_thread", API: AgentAPI, Method: http.MethodGet, Path: base + "/threads/{thread_id}", Group: routes.Forum, Tag: tag,
			Summary:     "get thread",
			Description: "Returns one thread with its body, top comments, latest draft and recorded reply.",
			Status:      http.StatusOK, Response: one("thread", threadDetailShape()),
		},
		{
			ID: "update_forum_thread", API: AgentAPI, Method: http.MethodPatch, Path: base + "/threads/{thread_id}", Group: routes.Forum, Tag: tag, Needs: paidPlanSite,
			Summary:     "save, dismiss or restore",
			Description: "Saves, dismisses or restores (new) a thread; a posted thread cannot be dismissed.",
			Body: []Field{
				oneOf("status", "The thread's new status.", forum.StatusSaved, forum.StatusDismissed, forum.StatusNew).required(),
				text("dismiss_reason", "Why the thread was dismissed; null or \"\" for none. Kept while the thread is dismissed.", 0, forum.MaxDismissReason).nullable(),
			},
			Status: http.StatusOK, Response: one("thread", threadDetailShape()),
			Fails: []Error{errConflict("the thread is posted (its reply recorded here, or on another site of the account), blocked and can only be dismissed, or dismissed while another site of the account has its reply in the same forum thread")},
		},
		{
			ID: "draft_forum_reply", API: AgentAPI, Method: http.MethodPost, Path: base + "/threads/{thread_id}/drafts", Group: routes.Forum, Tag: tag, Needs: paidPlanSite,
			Summary:     "draft or rewrite reply (1 forum reply credit)",
			Description: fmt.Sprintf("Drafts a reply to the thread, or rewrites the latest draft (at most %d rewrites; the first is free when the draft failed a compliance check), for 1 forum reply credit; synchronous; a draft the model refuses or fails to write costs nothing.", forum.MaxRewrites),
			Body:        []Field{text("instructions", "What to change or stress.", 0, forum.MaxInstructions)},
			Status:      http.StatusOK, Response: one("draft", draftShape()),
			Fails: []Error{
				errCredits("forum reply credits"), errModel,
				errConflict(fmt.Sprintf("the thread is blocked, dismissed or posted, another site of the account recorded its reply in the same forum thread, the site has no brand name, %d rewrites were made, or the model declined", forum.MaxRewrites)),
			},
		},
		{
			ID: "edit_forum_draft", API: AgentAPI, Method: http.MethodPatch, Path: base + "/drafts/{draft_id}", Group: routes.Forum, Tag: tag, Needs: paidPlanSite,
			Summary:     "edit draft",
			Description: "Saves an edited text of a draft (free); the text to hand to a person is edited_body when set.",
			Body:        []Field{text("edited_body", "The edited reply text; null or \"\" drops the edit.", 0, forum.MaxEditedBody).nullable()},
			Status:      http.StatusOK, Response: one("draft", draftShape()),
			Fails: []Error{errConflict("the thread's reply is recorded (the draft keeps the text posted), or the draft changed at the same moment")},
		},
		{
			ID: "list_forum_replies", API: AgentAPI, Method: http.MethodGet, Path: base + "/replies", Group: routes.Forum, Tag: tag,
			Summary:     "list replies",
			Description: "Lists the replies recorded for the site.",
			Query:       paged(commaList("status", "Only replies in these statuses.", forum.ReplyStatuses...)),
			Status:      http.StatusOK, Response: listOf("replies", replyShape()),
		},
		{
			ID: "record_forum_reply", API: AgentAPI, Method: http.MethodPost, Path: base + "/replies", Group: routes.Forum, Tag: tag, Needs: paidPlanSite,
			Summary:     "record a posted reply",
			Description: fmt.Sprintf("Records a reply a person posted (one per thread and account; the same forum thread on the account's other sites shows posted); without permalink it is claimed, call again with the permalink once posted: a claim without its permalink after %d days lapses (the reply is withdrawn).", int(forum.ClaimLapse.Hours()/24)),
			Body: []Field{
				text("thread_id", "The thread replied to.", 1, 0).required(),
				text("draft_id", "The draft the reply came from.", 1, 0).required(),
				link("permalink", "The posted comment's link on the forum's public host.", forum.MaxPermalink),
			},
			Status: http.StatusOK, Response: one("reply", replyShape()),
			Fails: []Error{errConflict("the thread has a reply already, or is dismissed (restore it first)")},
		},
	}
}
