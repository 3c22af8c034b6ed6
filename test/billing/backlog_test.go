package billing_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/dev/simpay"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// subscribeOthers gives the stack n more paid subscriptions, started now,
// so their renewals fall due before those of any account activated later:
// the backlog a busy stack has at each period end.
func (r *rig) subscribeOthers(t *testing.T, n int) {
	t.Helper()
	g := r.env.Stack.Graph
	proc, ok := g.Payments.(*simpay.Processor)
	if !ok {
		t.Fatalf("the stack's processor is %T", g.Payments)
	}
	ctx := context.Background()
	for i := 0; i < n; i++ {
		id := ids.New()
		tx := &dynamo.Tx{}
		tx.PutNew("account", map[string]any{"pk": dynamo.AccountPK(id), "sk": dynamo.AccountSK, "id": id, "billing_status": "none"})
		if err := g.Table.Commit(ctx, tx, nil); err != nil {
			t.Fatal(err)
		}
		if err := proc.Subscribe(ctx, id, "other-"+id+"@example.com", cardOK); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRestoreRightAfterThePeriodEnds: a Studio site removed at the period's
// end is archived an hour later on a stack where many renewals fall due at
// the same time; restoring it as soon as it reads archived charges the
// quoted, prorated price of the new period (not 0), and in that window
// GET /billing and the quote already show the new period, never the one
// that ended.
func TestRestoreRightAfterThePeriodEnds(t *testing.T) {
	r := newRig(t)
	r.subscribeOthers(t, 60)
	r.active(t, cardOK)
	q := r.quote(t)
	added := r.api(t, "POST", "/sites", newSite("second", q["proration_date"]), "Idempotency-Key: add-backlog").Expect(t, http.StatusCreated).JSON(t)
	id := added["site"].(map[string]any)["id"].(string)
	removed := r.api(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	end, err := clock.Parse(removed["removes_at"].(string))
	if err != nil {
		t.Fatal(err)
	}
	now, _ := clock.Parse(r.env.Now(t))
	r.advance(t, end.Sub(now).Seconds()+3600)

	var archived bool
	for _, s := range r.sites(t) {
		archived = archived || (s["id"] == id && s["status"] == "archived")
	}
	if !archived {
		t.Fatalf("the site is not archived an hour after its removal time: %v", r.sites(t))
	}
	now, _ = clock.Parse(r.env.Now(t))
	b := r.billing(t)
	if pe, err := clock.Parse(b["current_period_end"].(string)); err != nil || !pe.After(now) {
		t.Fatalf("GET /billing current_period_end %v, now %v: an ended period", b["current_period_end"], now)
	}
	q = r.quote(t)
	renews, err := clock.Parse(q["renews_at"].(string))
	due := q["due_today"].(float64)
	if err != nil || !renews.After(now) || due <= 0 || !strings.Contains(q["message"].(string), "renews at "+q["renews_at"].(string)) {
		t.Fatalf("quote after the period ended: %v (now %v)", q, now)
	}
	restored := r.api(t, "POST", "/sites/"+id+"/restore", map[string]any{"proration_date": q["proration_date"]}, "Idempotency-Key: restore-backlog").Expect(t, http.StatusOK).JSON(t)
	if c := restored["charged"].(map[string]any); c["amount"] != due {
		t.Fatalf("restore charged %v, want the quote's %v", c, due)
	}
}
