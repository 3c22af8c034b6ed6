package mcpserver

// threadStatuses and replyStatuses are the statuses of forum threads and
// recorded replies.
var (
	threadStatuses = []string{"new", "saved", "drafted", "posted", "dismissed", "dead", "stale"}
	replyStatuses  = []string{"claimed", "posted", "confirmed", "removed", "not_found"}
)

// forumTools are the tools of forum presence (spec 4.8): reads work on any
// account, actions need the paid plan. The service never posts: a person
// posts the drafted reply and the agent records it.
var forumTools = []Spec{
	{
		Method: "GET", Path: "/sites/{site_id}/forum", Name: "get_forum",
		Description: "Returns the site's forum presence settings, access and reply credits.",
	},
	{
		Method: "PATCH", Path: "/sites/{site_id}/forum", Name: "update_forum",
		Description: "Changes the site's forum presence settings; only the fields sent change; needs the paid plan.",
		Body: []Field{
			flag("enabled", "true turns forum presence on; the site needs a brand name."),
			flag("sweep_enabled", "Automatic sweeps for threads."),
			text("disclosure_line", "Names the brand (or uses the {brand} token) and says the writer works on it; 10 to 200 characters.", 0, 200).nullable(),
			text("niche", "The site's niche.", 0, 160).nullable(),
			list("topic_tags", "Topics, at most 12.", texts(2, 40), 12),
			text("tone", "The replies' tone.", 0, 80).withDefault("plain").nullable(),
			integer("max_links_per_reply", "Links per reply.", 0, 1),
			list("allow_subforums", "Only these subforums, names without prefix (at most 50).", texts(1, 0), 50),
			list("deny_subforums", "Never these subforums, names without prefix (at most 50).", texts(1, 0), 50),
			integer("keywords_per_sweep", "Keywords searched per sweep.", 1, 30).withDefault(12),
		},
	},
	{
		Method: "POST", Path: "/sites/{site_id}/forum/sweeps", Name: "start_forum_sweep",
		Description: "Searches the forum for threads matching the site's keywords as a forum.sweep job (answer 202 {job}); free, counts toward the AI rate limit; needs the paid plan.",
	},
	{
		Method: "GET", Path: "/sites/{site_id}/forum/threads", Name: "list_forum_threads",
		Description: "Lists the threads found for the site, best fit first.",
		Query: paged(
			commaList("status", "Only threads in these statuses.", threadStatuses...),
		),
	},
	{
		Method: "GET", Path: "/sites/{site_id}/forum/threads/{thread_id}", Name: "get_forum_thread",
		Description: "Returns one thread with its body, top comments, latest draft and recorded reply.",
	},
	{
		Method: "PATCH", Path: "/sites/{site_id}/forum/threads/{thread_id}", Name: "update_forum_thread",
		Description: "Saves, dismisses or restores (new) a thread; a posted thread cannot be dismissed; needs the paid plan.",
		Body: []Field{
			oneOf("status", "The thread's new status.", "saved", "dismissed", "new").required(),
			text("dismiss_reason", "Why the thread was dismissed.", 0, 200),
		},
	},
	{
		Method: "POST", Path: "/sites/{site_id}/forum/threads/{thread_id}/drafts", Name: "draft_forum_reply",
		Description: "Drafts a reply to the thread, or rewrites the latest draft (at most 3 rewrites), for 1 forum reply credit; synchronous; needs the paid plan.",
		Body: []Field{
			text("instructions", "What to change or stress.", 0, 500),
		},
	},
	{
		Method: "PATCH", Path: "/sites/{site_id}/forum/drafts/{draft_id}", Name: "edit_forum_draft",
		Description: "Saves an edited text of a draft (free); the text to hand to a person is edited_body when set; needs the paid plan.",
		Body: []Field{
			text("edited_body", "The edited reply text; null drops the edit.", 0, 10000).nullable(),
		},
	},
	{
		Method: "GET", Path: "/sites/{site_id}/forum/replies", Name: "list_forum_replies",
		Description: "Lists the replies recorded for the site.",
		Query: paged(
			commaList("status", "Only replies in these statuses.", replyStatuses...),
		),
	},
	{
		Method: "POST", Path: "/sites/{site_id}/forum/replies", Name: "record_forum_reply",
		Description: "Records a reply a person posted (one per thread); without permalink it is claimed, call again with the permalink once posted; needs the paid plan.",
		Body: []Field{
			text("thread_id", "The thread replied to.", 1, 0).required(),
			text("draft_id", "The draft the reply came from.", 1, 0).required(),
			link("permalink", "The posted comment's link on the forum's public host."),
		},
	},
}
