package clock

import (
	"sort"
	"testing"
	"time"
)

func TestOffsetNeverRunsBack(t *testing.T) {
	var o Offset
	if got, ok := o.Advance(time.Hour); got != time.Hour || !ok {
		t.Fatalf("Advance(1h) = %v, %v", got, ok)
	}
	cases := []struct {
		name string
		do   func()
		want time.Duration
	}{
		{"negative advance ignored", func() { o.Advance(-30 * time.Minute) }, time.Hour},
		{"zero advance", func() { o.Advance(0) }, time.Hour},
		{"set behind ignored", func() { o.Set(time.Minute) }, time.Hour},
		{"set ahead", func() { o.Set(2 * time.Hour) }, 2 * time.Hour},
		{"advance adds", func() { o.Advance(time.Second) }, 2*time.Hour + time.Second},
		{"past a century refused", func() {
			if _, ok := o.Advance(MaxOffset); ok {
				t.Error("an advance past MaxOffset was taken")
			}
		}, 2*time.Hour + time.Second},
		{"up to a century", func() { o.Advance(MaxOffset - o.Current()) }, MaxOffset},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.do()
			if got := o.Current(); got != c.want {
				t.Fatalf("offset = %v, want %v", got, c.want)
			}
		})
	}
	if d := o.Now().Sub(time.Now()); d < o.Current()-time.Minute || d > o.Current()+time.Minute {
		t.Fatalf("Now is %v ahead, want the offset", d)
	}
	if o.Now().Location() != time.UTC {
		t.Fatal("Now is not UTC")
	}
}

func TestFormatAndParse(t *testing.T) {
	loc := time.FixedZone("X", 2*3600)
	ts := time.Date(2026, 3, 1, 14, 5, 6, 123456789, loc)
	if got := Format(ts); got != "2026-03-01T12:05:06.123456Z" {
		t.Fatalf("Format = %q", got)
	}
	cases := []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"2026-03-01T12:05:06Z", time.Date(2026, 3, 1, 12, 5, 6, 0, time.UTC), true},
		{"2026-03-01T14:05:06+02:00", time.Date(2026, 3, 1, 12, 5, 6, 0, time.UTC), true},
		{"2026-03-01T12:05:06.123456Z", time.Date(2026, 3, 1, 12, 5, 6, 123456000, time.UTC), true},
		{"2026-03-01", time.Time{}, false},
		{"yesterday", time.Time{}, false},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			got, err := Parse(c.in)
			if (err == nil) != c.ok || !got.Equal(c.want) || (c.ok && got.Location() != time.UTC) {
				t.Fatalf("Parse(%q) = %v, %v", c.in, got, err)
			}
		})
	}
	back, err := Parse(Format(ts))
	if err != nil || !back.Equal(ts.Truncate(time.Microsecond)) {
		t.Fatalf("round trip = %v, %v", back, err)
	}
}

func TestSortKeyOrdersByTime(t *testing.T) {
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	times := []time.Time{
		base.Add(time.Nanosecond), base, base.Add(9 * time.Second), base.Add(10 * time.Second),
		base.Add(-time.Hour), base.Add(100 * time.Millisecond), base.Add(time.Microsecond),
	}
	keys := make([]string, len(times))
	for i, t := range times {
		keys[i] = SortKey(t)
	}
	sort.Strings(keys)
	sort.Slice(times, func(i, j int) bool { return times[i].Before(times[j]) })
	for i := range times {
		if keys[i] != SortKey(times[i]) {
			t.Fatalf("string order %v differs from time order", keys)
		}
	}
	if len(SortKey(base)) != len(SortKey(base.Add(123456789))) {
		t.Fatal("sort keys differ in width")
	}
}

func TestFixed(t *testing.T) {
	f := &Fixed{T: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	f.Add(90 * time.Second)
	if got := f.Now(); !got.Equal(time.Date(2026, 1, 1, 0, 1, 30, 0, time.UTC)) {
		t.Fatalf("Now = %v", got)
	}
}
