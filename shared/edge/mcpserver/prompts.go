package mcpserver

import (
	"context"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Prompt is a prompt for one of the main workflows: its arguments and the
// steps it asks the model to take, naming the tools in backquotes.
type Prompt struct {
	Name, Title, Description string
	Arguments                []*mcp.PromptArgument
	// Steps renders the instructions from the arguments given.
	Steps func(args map[string]string) string
}

// Prompts are the server's prompts.
func Prompts() []Prompt {
	site := &mcp.PromptArgument{Name: "site_id", Title: "Site", Description: "The site's id (from list_sites).", Required: true}
	return []Prompt{
		{
			Name: "onboard_website", Title: "Onboard a new website",
			Description: "Bring a website into the service: its site, first scan, brand and writing settings, keywords, planned articles, a site key for its CMS, and the owner's billing.",
			Arguments: []*mcp.PromptArgument{
				{Name: "site_url", Title: "Website", Description: "The website's public http or https address.", Required: true},
				{Name: "site_name", Title: "Brand name", Description: "The brand name, when the site does not say it."},
			},
			Steps: onboardSteps,
		},
		{
			Name: "write_next_article", Title: "Write, score and publish the next scheduled article",
			Description: "Write the site's next scheduled article (1 article credit), check its SEO and GEO score, improve weak passages, and publish it.",
			Arguments:   []*mcp.PromptArgument{site},
			Steps:       writeSteps,
		},
		{
			Name: "forum_sweep", Title: "Run the weekly forum sweep and prepare drafts",
			Description: "Search the forum for threads the site can help in, draft replies to the best ones (1 forum reply credit each) and hand them to a person to post.",
			Arguments: []*mcp.PromptArgument{
				site,
				{Name: "drafts", Title: "Drafts", Description: "How many threads to draft replies for (default 3)."},
			},
			Steps: forumSteps,
		},
	}
}

// addPrompts offers the prompts.
func addPrompts(srv *mcp.Server) {
	for _, p := range Prompts() {
		srv.AddPrompt(&mcp.Prompt{Name: p.Name, Title: p.Title, Description: p.Description, Arguments: p.Arguments}, p.handler())
	}
}

// handler renders the prompt's steps as one user message.
func (p Prompt) handler() mcp.PromptHandler {
	return func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		args := map[string]string{}
		for k, v := range req.Params.Arguments {
			args[k] = strings.TrimSpace(v)
		}
		if err := p.check(args); err != nil {
			return nil, err
		}
		return &mcp.GetPromptResult{
			Description: p.Description,
			Messages:    []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: p.Steps(args)}}},
		}, nil
	}
}

// check refuses arguments the prompt cannot use with JSON-RPC's invalid
// params: a required one missing, or drafts that is not a whole number
// from 1 to 20. It writes an accepted drafts plainly ("+5" and "05" as
// "5"), as the prompt's text tells it.
func (p Prompt) check(args map[string]string) error {
	for _, a := range p.Arguments {
		if a.Required && args[a.Name] == "" {
			return &jsonrpc.Error{Code: codeInvalidParams, Message: "Invalid params: the prompt " + p.Name + " needs the argument " + a.Name + "."}
		}
	}
	if d, ok := args["drafts"]; ok && d != "" {
		n, err := strconv.Atoi(d)
		if err != nil || n < 1 || n > maxDrafts {
			return &jsonrpc.Error{Code: codeInvalidParams, Message: "Invalid params: drafts must be a whole number from 1 to " + strconv.Itoa(maxDrafts) + "."}
		}
		args["drafts"] = strconv.Itoa(n)
	}
	return nil
}

// maxDrafts is the most reply drafts the forum prompt prepares.
const maxDrafts = 20

// or returns v, or def when v is empty.
func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

func onboardSteps(a map[string]string) string {
	name := ""
	if a["site_name"] != "" {
		name = " Its brand name is " + a["site_name"] + "."
	}
	return "Onboard the website " + or(a["site_url"], "(ask me for its address)") + "." + name + `
1. Call ` + "`list_sites`" + `. If a site's website_url is this website, use it. Otherwise call ` + "`get_studio_quote`" + ` and, once I agree to its due_today, ` + "`add_studio_site`" + ` with site_url, site_name, its proration_date and an idempotency_key (a Studio site needs the paid plan).
2. Follow the scan: ` + "`get_job`" + ` with wait=25 on its job until it ends, then ` + "`get_scan`" + `. Tell me the brand, niche, audience and competitors it found; never invent what the scan left empty.
3. With my answers, set the brand and writing settings with ` + "`update_site`" + ` (tone, writing_style, audience, brand_voice as one rule per line).
4. Review ` + "`list_keywords`" + `; add the keywords I care about with ` + "`add_keyword`" + `, then ` + "`run_research`" + ` with save=true and follow its job with ` + "`get_job`" + `.
5. Show the planned articles from ` + "`list_articles`" + ` (status=scheduled,opportunity) and ` + "`get_rank`" + `.
6. For the site's CMS, ` + "`create_site_key`" + ` (the key is shown once: hand it to me) and, if I publish with a push platform, ` + "`list_integrations`" + ` and ` + "`connect_integration`" + `.
7. Check ` + "`get_billing`" + `: without a trial or plan, give me the link of ` + "`create_checkout_link`" + ` to open. Finish with ` + "`get_credits`" + `.`
}

func writeSteps(a map[string]string) string {
	site := or(a["site_id"], "(ask me which site: list_sites)")
	return "Write, score and publish the next scheduled article of site " + site + `.
1. ` + "`get_credits`" + `: writing spends 1 article credit; stop and tell me when the balance is 0.
2. ` + "`list_articles`" + ` with status=scheduled and pick the article with the earliest scheduled_for (then the oldest). With none, offer ideas from ` + "`list_articles`" + ` (status=opportunity) or ` + "`run_research`" + `.
3. ` + "`generate_article`" + ` with an idempotency_key (retry with the same key, never a new one), then ` + "`get_job`" + ` with wait=25 until the job ends. If it failed, the credit was refunded: tell me its error.
4. ` + "`get_article_score`" + `. For each failed SEO or GEO check that matters, improve the passage with ` + "`rewrite_article_section`" + ` (section or exact text, instructions from the check's detail), then score again.
5. Publish: ` + "`list_integrations`" + `; push with ` + "`publish_article`" + ` (destinations = the connected platforms), or, when I publish by hand, send its live url with ` + "`publish_article`" + ` once I give it.
6. Report the title, score, where it went and the credits left (` + "`get_credits`" + `).`
}

func forumSteps(a map[string]string) string {
	site := or(a["site_id"], "(ask me which site: list_sites)")
	return "Run the forum sweep of site " + site + " and prepare " + or(a["drafts"], "3") + ` reply drafts.
1. ` + "`get_forum`" + `: access must be paid and enabled true; otherwise tell me what is missing (` + "`update_forum`" + ` turns it on once the site has a brand name and a disclosure line).
2. ` + "`start_forum_sweep`" + `, then ` + "`get_job`" + ` with wait=25 until it ends (threads_seen, opportunities_created).
3. ` + "`list_forum_threads`" + ` with status=new; they come best fit first. Read the best with ` + "`get_forum_thread`" + ` and skip any the site cannot honestly help in (` + "`update_forum_thread`" + ` with status=dismissed).
4. For each chosen thread, ` + "`draft_forum_reply`" + ` with an idempotency_key (1 forum reply credit; at most 3 rewrites). Check compliance: fix a failed check with ` + "`draft_forum_reply`" + ` instructions or ` + "`edit_forum_draft`" + `.
5. Hand me each draft (edited_body when set, else body) with its thread's permalink: a person posts it, the service never does.
6. When I say a reply is posted, record it with ` + "`record_forum_reply`" + ` (thread_id, draft_id, and the comment's permalink); ` + "`list_forum_replies`" + ` shows their checks.`
}
