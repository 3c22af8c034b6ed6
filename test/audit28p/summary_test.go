package audit28p

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestSummariesQuoteNamesAsWritten: spec 2, Activity entry: `summary`, the
// sentence a person reads in the activity log (the dashboard shows it as
// it is). Names in it (an article's title, a keyword, an agent's name)
// were written with Go's %q, so a title with quotation marks read
// `Article "The \"best\" pans" added as opportunity`, backslashes and all,
// and so did every summary naming a keyword, an agent or a forum thread.
// Names are now written between quotes as they are written.
func TestSummariesQuoteNamesAsWritten(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	const title = `The "best" pans`
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{"title": title}).Expect(t, http.StatusCreated)
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/keywords", map[string]any{"name": `pan "care"`}).Expect(t, http.StatusCreated)
	want := map[string]string{
		"article.created": `Article "The "best" pans" added as opportunity`,
		"keyword.created": `Keyword "pan "care"" added`,
	}
	for _, e := range a.Client.Activity(t) {
		if strings.Contains(e.Summary, `\`) {
			t.Errorf("%s: summary %q shows an escape", e.Action, e.Summary)
		}
		if w, ok := want[e.Action]; ok && e.Summary != w {
			t.Errorf("%s: summary %q, want %q", e.Action, e.Summary, w)
		}
		delete(want, e.Action)
	}
	for action := range want {
		t.Errorf("no %s entry", action)
	}
}
