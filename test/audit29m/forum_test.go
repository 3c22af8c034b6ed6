package audit29m

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestForumAccessOfSiteAwaitingPayment: spec 2 Forum presence settings
// "`access` (`paid`, `trial` = feature visible but unusable, `lapsed` =
// history read-only, `none`)", and the README's "Forum presence":
// "`access`: `paid` while the plan is paid and the site usable, `trial`
// while trialing, `lapsed` when past due or canceled, or for a site that
// is no longer usable (an archived or removed Studio site) on a paid plan
// (reads only), otherwise `none`". Defect: a Studio site added while its
// charge waits for the cardholder (status `pending`: it never ran and has
// no forum history) answered `access: "lapsed"`, as if the plan or the
// site had lapsed, which tells an agent to have the owner fix a plan that
// is paid and current. It now answers `none` until the payment is made;
// an archived Studio site still answers `lapsed`. The dashboard's forum
// page of the site says it opens once the charge completes.
func TestForumAccessOfSiteAwaitingPayment(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	c := o.Client
	env.ReplaceCard(t, o.Account, "4000002500003155")
	c.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit29m-pending"), "Idempotency-Key: audit29m-pending").
		ExpectError(t, http.StatusForbidden, "human_required")
	list := o.StudioSites(t)
	if len(list) != 1 || list[0]["status"] != "pending" {
		t.Fatalf("Studio sites %v while the payment waits, want one pending", list)
	}
	id := list[0]["id"].(string)

	forum := c.Agent(t, "GET", "/sites/"+id+"/forum", nil).Expect(t, http.StatusOK).JSON(t)["forum"].(map[string]any)
	if forum["access"] != "none" {
		t.Errorf("forum access of a Studio site whose payment is in flight = %v, want none (nothing lapsed: the plan is paid, the site never ran)", forum["access"])
	}
	o.Browser.Get(t, "/dashboard/sites/"+id+"/forum").Expect(t, http.StatusOK, "not open yet: it opens when this Studio site&#39;s charge completes")
	if primary := c.Agent(t, "GET", "/sites/"+o.SiteID+"/forum", nil).Expect(t, http.StatusOK).JSON(t)["forum"].(map[string]any); primary["access"] != "paid" {
		t.Errorf("primary site's forum access = %v, want paid", primary["access"])
	}
}
