package writing

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// autopilotOut is the autopilot settings object.
type autopilotOut struct {
	SiteID            string   `json:"site_id"`
	Enabled           bool     `json:"enabled"`
	WeeklyCadence     int      `json:"weekly_cadence"`
	Days              []string `json:"days"`
	TimeOfDay         string   `json:"time_of_day"`
	NextRunAt         *string  `json:"next_run_at"`
	NextRunArticles   int      `json:"next_run_articles"`
	LastRunAt         *string  `json:"last_run_at"`
	ScheduledArticles int      `json:"scheduled_articles"`
}

func (r *rig) autopilot(t *testing.T, method string, body any) autopilotOut {
	t.Helper()
	var out struct{ Autopilot autopilotOut }
	r.api(t, method, "/sites/"+r.site+"/autopilot", body).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Autopilot
}

// runDue moves the service clock just past next and runs the scheduled
// work, which writes what is due and works off the queues.
func (r *rig) runDue(t *testing.T, next string) {
	t.Helper()
	at, err := time.Parse(time.RFC3339Nano, next)
	if err != nil {
		t.Fatal(err)
	}
	now, _ := time.Parse(time.RFC3339Nano, r.env.Now(t))
	r.env.Advance(t, at.Sub(now).Seconds()+30)
	r.env.RunScheduled(t)
}

// clearScheduled deletes the scheduled articles the scan planned, so the
// autopilot's queue holds only the test's.
func (r *rig) clearScheduled(t *testing.T) {
	t.Helper()
	var list struct{ Articles []article }
	r.api(t, "GET", "/sites/"+r.site+"/articles?status=scheduled&limit=100", nil).Expect(t, http.StatusOK).Decode(t, &list)
	for _, a := range list.Articles {
		r.api(t, "DELETE", r.articlePath(a.ID), nil).Expect(t, http.StatusOK)
	}
}

// The autopilot's settings and rules, and its slots: each writes the
// oldest scheduled article, and one with nothing scheduled says so once.
func TestAutopilot(t *testing.T) {
	if testing.Short() {
		t.Skip("needs a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	r := newRig(t, env, false)
	path := "/sites/" + r.site + "/autopilot"

	def := r.autopilot(t, "GET", nil)
	if def.SiteID != r.site || def.Enabled || def.WeeklyCadence != 3 || len(def.Days) != 7 || def.TimeOfDay != "09:00" || def.NextRunAt != nil || def.LastRunAt != nil {
		t.Fatalf("default autopilot = %+v", def)
	}
	// Turning it on needs no plan (spec 4.2); without one a slot passes
	// without writing.
	free := r.autopilot(t, "PATCH", map[string]any{"enabled": true})
	if !free.Enabled || free.NextRunAt == nil {
		t.Fatalf("autopilot turned on without a plan = %+v", free)
	}
	r.runDue(t, *free.NextRunAt)
	if n := len(r.events(t, "article.generated")); n != 0 {
		t.Fatalf("%d generations without a plan, want 0", n)
	}
	if off := r.autopilot(t, "PATCH", map[string]any{"enabled": false}); off.Enabled || off.NextRunAt != nil {
		t.Fatalf("autopilot turned off = %+v", off)
	}
	for _, field := range []string{"weekly_cadence", "time_of_day"} {
		if p := wantProblem(t, r.api(t, "PATCH", path, map[string]any{field: nil}), field); !strings.HasPrefix(p, "cannot be null") {
			t.Fatalf("%s: null answers %q", field, p)
		}
	}
	wantProblem(t, r.api(t, "PATCH", path, map[string]any{"weekly_cadence": 0}), "weekly_cadence")
	wantProblem(t, r.api(t, "PATCH", path, map[string]any{"weekly_cadence": 15}), "weekly_cadence")
	wantProblem(t, r.api(t, "PATCH", path, map[string]any{"days": []string{}}), "days")
	wantProblem(t, r.api(t, "PATCH", path, map[string]any{"days": []string{"mon", "funday"}}), "days[1]")
	wantProblem(t, r.api(t, "PATCH", path, map[string]any{"time_of_day": "24:00"}), "time_of_day")
	wantProblem(t, r.api(t, "PATCH", path, map[string]any{"enabled": nil}), "enabled")
	// Pace changes need no plan while it is off.
	if off := r.autopilot(t, "PATCH", map[string]any{"weekly_cadence": 5, "days": []string{"Friday", "mon"}}); off.Enabled || off.WeeklyCadence != 5 ||
		fmt.Sprint(off.Days) != "[mon fri]" || off.NextRunAt != nil {
		t.Fatalf("autopilot after a pace change = %+v", off)
	}

	r.env.Trial(t, r.acct, testenv.TestCardOK)
	r.clearScheduled(t)
	now, _ := time.Parse(time.RFC3339Nano, env.Now(t))
	slot := now.Add(2 * time.Hour).Truncate(time.Minute)
	on := r.autopilot(t, "PATCH", map[string]any{
		"enabled": true, "weekly_cadence": 7, "days": []string{"mon", "tue", "wed", "thu", "fri", "sat", "sun"}, "time_of_day": slot.Format("15:04"),
	})
	if !on.Enabled || on.NextRunAt == nil || on.NextRunArticles != 1 || on.ScheduledArticles != 0 {
		t.Fatalf("enabled autopilot = %+v", on)
	}
	if at, _ := time.Parse(time.RFC3339Nano, *on.NextRunAt); !at.Equal(slot) {
		t.Fatalf("next_run_at = %s, want %s", *on.NextRunAt, slot.Format(time.RFC3339))
	}

	day := func(n int) string { return now.AddDate(0, 0, n).Format("2006-01-02") }
	later := r.create(t, map[string]any{"title": "Decaf that tastes good", "keyword": "decaf coffee", "scheduled_for": day(20)})
	sooner := r.create(t, map[string]any{"title": "Grinding beans at home", "keyword": "grinding coffee beans", "scheduled_for": day(10)})
	idea := r.create(t, map[string]any{"title": "An idea, not planned", "status": "opportunity"})
	if got := r.autopilot(t, "GET", nil); got.ScheduledArticles != 2 {
		t.Fatalf("scheduled_articles = %d, want 2", got.ScheduledArticles)
	}

	// First slot: the oldest scheduled_for is written, by the autopilot.
	r.runDue(t, *on.NextRunAt)
	if s, l := r.get(t, sooner.ID).Status, r.get(t, later.ID).Status; s != "finished" || l != "scheduled" {
		t.Fatalf("after the first slot: sooner %s, later %s", s, l)
	}
	gen := r.eventData(t, "article.generated")
	if gen["trigger"] != "autopilot" || gen["article"].(map[string]any)["id"] != sooner.ID || gen["credits_spent"] != 1.0 {
		t.Fatalf("autopilot article.generated = %v", gen)
	}
	if bal, _ := r.articleCredits(t); bal != 4 {
		t.Fatalf("balance after an autopilot slot = %v, want 4", bal)
	}
	second := r.autopilot(t, "GET", nil)
	if second.LastRunAt == nil || second.NextRunAt == nil || *second.NextRunAt <= *on.NextRunAt {
		t.Fatalf("autopilot after its first slot = %+v", second)
	}
	env.RunScheduled(t) // not due again yet
	if n := len(r.events(t, "article.generated")); n != 1 {
		t.Fatalf("%d generations before the next slot, want 1", n)
	}
	// A time of day moved later the day a slot ran puts no second slot on
	// that day: the next one is tomorrow's.
	movedTo := slot.Add(time.Hour)
	if movedTo.Day() != slot.Day() {
		movedTo = time.Date(slot.Year(), slot.Month(), slot.Day(), 23, 59, 0, 0, time.UTC)
	}
	if movedTo.After(slot) {
		moved := r.autopilot(t, "PATCH", map[string]any{"time_of_day": movedTo.Format("15:04")})
		if at, _ := time.Parse(time.RFC3339Nano, *moved.NextRunAt); !at.Equal(movedTo.AddDate(0, 0, 1)) {
			t.Fatalf("next_run_at after moving the time later on the day that ran = %s, want %s", *moved.NextRunAt, movedTo.AddDate(0, 0, 1).Format(time.RFC3339))
		}
		env.Advance(t, movedTo.Sub(slot).Seconds()+60)
		env.RunScheduled(t)
		if n := len(r.events(t, "article.generated")); n != 1 {
			t.Fatalf("%d generations after moving the time later the same day, want 1", n)
		}
		second = moved
	}

	// Second slot: the other one. Third: nothing scheduled, said once.
	r.runDue(t, *second.NextRunAt)
	if l := r.get(t, later.ID).Status; l != "finished" {
		t.Fatalf("after the second slot: later %s", l)
	}
	third := r.autopilot(t, "GET", nil)
	r.runDue(t, *third.NextRunAt)
	env.RunScheduled(t)
	empty := r.eventData(t, "autopilot.queue_empty")
	if empty["site_id"] != r.site || empty["weekly_cadence"] != 7.0 {
		t.Fatalf("autopilot.queue_empty data = %v", empty)
	}
	if s := r.get(t, idea.ID).Status; s != "opportunity" {
		t.Fatalf("the autopilot touched an idea: %s", s)
	}

	// Off: no next run, and due times pass without writing.
	off := r.autopilot(t, "PATCH", map[string]any{"enabled": false})
	if off.Enabled || off.NextRunAt != nil || off.NextRunArticles != 0 {
		t.Fatalf("disabled autopilot = %+v", off)
	}
	r.create(t, map[string]any{"title": "Waiting", "keyword": "milk frothing"})
	env.Advance(t, 2*24*3600)
	env.RunScheduled(t)
	if n := len(r.events(t, "article.generated")); n != 2 {
		t.Fatalf("%d generations with the autopilot off, want 2", n)
	}
}

// A slot that writes nothing (here: the period's credits are spent) does
// not hold its day: once credits are back, a later time of day set that
// same day still writes that day (it used to move to a later day).
func TestAutopilotSlotThatWroteNothingKeepsItsDay(t *testing.T) {
	if testing.Short() {
		t.Skip("needs a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	r := newRig(t, env, true)
	r.clearScheduled(t)
	for i := 0; i < 5; i++ { // spend the trial's 5 article credits
		a := r.create(t, map[string]any{"title": fmt.Sprintf("Spent %d", i), "keyword": fmt.Sprintf("spent coffee %d", i), "status": "opportunity"})
		r.generate(t, a.ID)
	}
	if bal, _ := r.articleCredits(t); bal != 0 {
		t.Fatalf("balance = %v, want 0", bal)
	}
	waiting := r.create(t, map[string]any{"title": "Cold brew at home", "keyword": "cold brew"})

	// Start at 00:30 UTC so the day has room for a slot at 02:00 and a
	// later one at 20:00.
	now, _ := time.Parse(time.RFC3339Nano, env.Now(t))
	start := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 30, 0, 0, time.UTC)
	env.Advance(t, start.Sub(now).Seconds())
	on := r.autopilot(t, "PATCH", map[string]any{
		"enabled": true, "weekly_cadence": 7, "days": []string{"mon", "tue", "wed", "thu", "fri", "sat", "sun"}, "time_of_day": "02:00",
	})
	r.runDue(t, *on.NextRunAt)
	if s := r.get(t, waiting.ID).Status; s != "scheduled" {
		t.Fatalf("the slot without credits left the article %s", s)
	}

	r.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: activate-"+r.site).Expect(t, http.StatusOK)
	later := time.Date(start.Year(), start.Month(), start.Day(), 20, 0, 0, 0, time.UTC)
	moved := r.autopilot(t, "PATCH", map[string]any{"time_of_day": "20:00"})
	if at, _ := time.Parse(time.RFC3339Nano, *moved.NextRunAt); !at.Equal(later) {
		t.Fatalf("next_run_at after a slot that wrote nothing = %s, want %s (the same day)", *moved.NextRunAt, later.Format(time.RFC3339))
	}
	r.runDue(t, *moved.NextRunAt)
	if s := r.get(t, waiting.ID).Status; s != "finished" {
		t.Fatalf("the later slot that day left the article %s", s)
	}
}
