package audit26p

import (
	"context"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/test/testenv"
)

// README "MCP tools", Prompts: "`forum_sweep` (`site_id`, `drafts`: sweep,
// draft replies, hand them to a person, record them once posted). …
// `drafts` is 1 to 20 (default 3)". The prompt's text tells the agent how
// many drafts to prepare. Before the fix a count written with a sign or
// leading zeros ("+5", "05"), which the check accepts as a whole number,
// reached the text as sent: "prepare +5 reply drafts".
func TestForumSweepPromptSaysTheDraftCountPlainly(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	cs := session(t, env, a.Key)
	for _, drafts := range []string{"5", "+5", "05", " 5 "} {
		res, err := cs.GetPrompt(context.Background(), &sdk.GetPromptParams{Name: "forum_sweep", Arguments: map[string]string{"site_id": a.SiteID, "drafts": drafts}})
		if err != nil {
			t.Fatalf("drafts %q: %v", drafts, err)
		}
		text := res.Messages[0].Content.(*sdk.TextContent).Text
		if !strings.Contains(text, " and prepare 5 reply drafts.") {
			t.Errorf("drafts %q: the prompt says %.120q, want \"prepare 5 reply drafts\"", drafts, text)
		}
	}
}
