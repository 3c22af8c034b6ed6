package audit26h

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestAddOnRefusalSaysWhatOpensItInEachBillingState: spec 7, 409
// integration_unavailable "the platform's add-on is not open to every
// account"; README, push integrations: "push_platform_2 is an add-on of
// the paid plan; a trial does not include it", and billing: "A past_due
// account loses paid features at once but keeps generation for 48 hours".
// Defect: whatever the account's state, the refusal said "a trial does
// not include it. End the trial with POST /billing/activate, or use
// push_platform_1." An account whose payment is past due (still in its
// grace) was told to end a trial it does not have (POST /billing/activate
// answers it 409), and an account without any plan, publishing to the
// add-on, was told to use push_platform_1, which needs a trial or plan it
// does not have either. The refusal now gives the advice the paid-plan
// gate gives the account in its state (update the card; start the plan),
// and offers push_platform_1 only to an account that may use it.
func TestAddOnRefusalSaysWhatOpensItInEachBillingState(t *testing.T) {
	env := testenv.StartQuiet(t)

	// Past due, within the grace: the trial-or-plan gate lets the call
	// through, the add-on is closed.
	late := env.NewAccount(t, "")
	env.PaidPlan(t, late)
	portal := late.Client.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)["portal_url"].(string)
	env.Client().Do(t, "POST", strings.TrimPrefix(portal, env.URL)+"/card", map[string]any{"card": "4000000000000341"}).Expect(t, http.StatusOK)
	b := late.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	env.AdvancePast(t, b["current_period_end"].(string), 60e9)
	env.RunScheduled(t)
	if s := late.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)["status"]; s != "past_due" {
		t.Fatalf("billing status %v, want past_due", s)
	}
	body := late.Client.Agent(t, "POST", "/sites/"+late.SiteID+"/integrations/push_platform_2/connect", nil).
		ExpectError(t, http.StatusConflict, "integration_unavailable")
	msg := body["error"].(string)
	if strings.Contains(msg, "End the trial") || strings.Contains(msg, "/billing/activate") || !strings.Contains(msg, "/billing/portal") {
		t.Errorf("past due account told %q: it has no trial to end; updating the card (POST /billing/portal) reopens the add-on", msg)
	}
	if !strings.Contains(msg, "push_platform_1") {
		t.Errorf("past due account told %q: push_platform_1 still works for it within the grace", msg)
	}

	// No plan at all: publishing to the add-on fails with the refusal as
	// the push's error.
	none := env.NewAccount(t, "")
	art := none.Client.Agent(t, "POST", "/sites/"+none.SiteID+"/articles", map[string]any{
		"title": "Launch notes", "keyword": "launch notes", "body_markdown": "# Launch notes\n\nWhat we shipped.",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)["id"].(string)
	none.Client.Agent(t, "POST", "/sites/"+none.SiteID+"/articles/"+art+"/finish", nil).Expect(t, http.StatusOK)
	res := none.Client.Agent(t, "POST", "/sites/"+none.SiteID+"/articles/"+art+"/publish",
		map[string]any{"destinations": []string{"push_platform_2"}}).Expect(t, http.StatusOK).JSON(t)["results"].([]any)
	if len(res) != 1 {
		t.Fatalf("results %v, want one", res)
	}
	r := res[0].(map[string]any)
	text := strings.ToLower(strOf(r["error"]))
	if r["result"] != "failed" || !strings.Contains(text, "integration_unavailable") && !strings.Contains(text, "add-on") {
		t.Fatalf("push to push_platform_2 without a plan: %v", r)
	}
	if strings.Contains(text, "end the trial") || strings.Contains(text, "use push_platform_1") || !strings.Contains(text, "/billing/checkout") {
		t.Errorf("account without a plan told %q: it has no trial to end, push_platform_1 needs a trial or plan too, and POST /billing/checkout starts one", text)
	}
}

// strOf renders the error of a publish result, {code, message}, as text.
func strOf(v any) string {
	e, _ := v.(map[string]any)
	code, _ := e["code"].(string)
	msg, _ := e["message"].(string)
	return code + " " + msg
}
