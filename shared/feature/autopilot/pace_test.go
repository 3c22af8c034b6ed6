package autopilot

import (
	"testing"
	"time"

	"rvcontent/shared/kernel/input"
)

func TestPerDaySpreadsTheCadence(t *testing.T) {
	all := []string{"mon", "tue", "wed", "thu", "fri", "sat", "sun"}
	cases := []struct {
		cadence int
		days    []string
		want    [7]int // Monday first
	}{
		{1, all, [7]int{1, 0, 0, 0, 0, 0, 0}},
		{3, all, [7]int{1, 0, 1, 0, 1, 0, 0}},
		{7, all, [7]int{1, 1, 1, 1, 1, 1, 1}},
		{10, all, [7]int{2, 1, 2, 1, 2, 1, 1}},
		{14, all, [7]int{2, 2, 2, 2, 2, 2, 2}},
		{5, []string{"mon", "thu"}, [7]int{3, 0, 0, 2, 0, 0, 0}},
		{1, []string{"sun"}, [7]int{0, 0, 0, 0, 0, 0, 1}},
	}
	for _, c := range cases {
		s := Settings{WeeklyCadence: c.cadence, Days: c.days, TimeOfDay: "09:00"}
		var got [7]int
		total := 0
		for d := time.Sunday; d <= time.Saturday; d++ {
			got[dayIndex(d)] = s.perDay(d)
			total += got[dayIndex(d)]
		}
		if got != c.want || total != c.cadence {
			t.Errorf("%d a week on %v: %v, want %v", c.cadence, c.days, got, c.want)
		}
	}
}

func TestNextSlot(t *testing.T) {
	s := Settings{WeeklyCadence: 3, Days: Days, TimeOfDay: "09:30"} // Mon, Wed, Fri
	wed := time.Date(2026, 3, 4, 9, 0, 0, 0, time.UTC)              // a Wednesday, 09:00
	cases := []struct {
		after time.Time
		want  time.Time
	}{
		{wed, time.Date(2026, 3, 4, 9, 30, 0, 0, time.UTC)},
		{wed.Add(30 * time.Minute), time.Date(2026, 3, 6, 9, 30, 0, 0, time.UTC)}, // the slot itself is not after
		{time.Date(2026, 3, 6, 23, 0, 0, 0, time.UTC), time.Date(2026, 3, 9, 9, 30, 0, 0, time.UTC)},
	}
	for _, c := range cases {
		got, n := s.nextSlot(c.after)
		if !got.Equal(c.want) || n != 1 {
			t.Errorf("next slot after %s = %s (%d), want %s", c.after, got, n, c.want)
		}
	}
}

// TestUpcomingSkipsTheDayThatRan: once a day's slot started writing,
// settings changed that day (a later time, or turned off and on) put the
// next slot on a later day; before any such slot, after one that wrote
// nothing, or on another day, the next slot is nextSlot's.
func TestUpcomingSkipsTheDayThatRan(t *testing.T) {
	str := func(t time.Time) *string { v := t.Format(time.RFC3339); return &v }
	mon := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC) // a Monday
	at := func(day, h, m int) time.Time {
		return mon.AddDate(0, 0, day).Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute)
	}
	daily := Settings{WeeklyCadence: 7, Days: Days, TimeOfDay: "15:00"}
	ranMon := daily
	ranMon.LastSlotAt, ranMon.LastRunAt = str(at(0, 9, 0)), str(at(0, 9, 1))
	lateRun := daily // Sunday's 23:55 slot ran on Monday
	lateRun.LastSlotAt, lateRun.LastRunAt = str(at(-1, 23, 55)), str(at(0, 0, 2))
	passed := daily // today's slot passed without writing
	passed.LastRunAt = str(at(0, 9, 1))
	cases := []struct {
		name string
		s    Settings
		now  time.Time
		want time.Time
	}{
		{"never ran", daily, at(0, 10, 0), at(0, 15, 0)},
		{"ran today, time moved later", ranMon, at(0, 10, 0), at(1, 15, 0)},
		{"ran yesterday", ranMon, at(1, 10, 0), at(1, 15, 0)},
		{"yesterday's slot ran after midnight", lateRun, at(0, 10, 0), at(0, 15, 0)},
		{"today's slot wrote nothing", passed, at(0, 10, 0), at(0, 15, 0)},
	}
	for _, c := range cases {
		if got, n := c.s.upcoming(c.now); !got.Equal(c.want) || n != 1 {
			t.Errorf("%s: upcoming at %s = %s (%d), want %s", c.name, c.now, got, n, c.want)
		}
	}
}

func TestParsePatch(t *testing.T) {
	parse := func(body string) (Patch, error) {
		o, err := input.Parse([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		return ParsePatch(o)
	}
	p, err := parse(`{"enabled": true, "weekly_cadence": 14, "days": ["Sunday", "MON", "mon"], "time_of_day": "23:59"}`)
	if err != nil || !p.Enabled.Value || p.WeeklyCadence.Value != 14 || len(p.Days.Value) != 2 || p.Days.Value[0] != "mon" || p.Days.Value[1] != "sun" || p.TimeOfDay.Value != "23:59" {
		t.Fatalf("parsed %+v (%v)", p, err)
	}
	for _, bad := range []string{
		`{"enabled": null}`, `{"enabled": "yes"}`, `{"weekly_cadence": 0}`, `{"weekly_cadence": 15}`, `{"weekly_cadence": 2.5}`,
		`{"weekly_cadence": null}`, `{"days": []}`, `{"days": null}`, `{"days": ["someday"]}`, `{"time_of_day": "9:00"}`,
		`{"time_of_day": "24:00"}`, `{"time_of_day": null}`,
	} {
		if _, err := parse(bad); err == nil {
			t.Errorf("%s was accepted", bad)
		}
	}
	if p, err := parse(`{}`); err != nil || p.Enabled.Sent || p.Days.Sent {
		t.Fatalf("empty patch = %+v (%v)", p, err)
	}
}
