package pages

import (
	"fmt"
	"time"
)

// when is a moment as a person reads it: Rel ("3 hours ago", "in 2 days")
// and Abs ("12 Mar 2027 14:05 UTC"), with ISO for a <time datetime>. The
// zero when is "never" or "not set", as its page says. Past tells a
// deadline that has gone by ("ended") from one to come ("ends").
type when struct {
	Rel, Abs, ISO string
	Past          bool
}

// absLayout is how the dashboard writes a moment.
const absLayout = "2 Jan 2006 15:04 MST"

// at reads an API timestamp (RFC 3339) relative to now; an empty or
// unreadable one is the zero when.
func at(s string, now time.Time) when {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return when{}
	}
	t = t.UTC()
	return when{Rel: relative(t, now), Abs: t.Format(absLayout), ISO: t.Format(time.RFC3339), Past: !t.After(now)}
}

// atp is at for an optional timestamp.
func atp(s *string, now time.Time) when {
	if s == nil {
		return when{}
	}
	return at(*s, now)
}

// day reads a calendar day (YYYY-MM-DD) as "12 Mar 2027".
func day(s string) when {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return when{}
	}
	return when{Rel: t.Format("2 Jan 2006"), Abs: t.Format("Monday 2 January 2006"), ISO: s}
}

// relative says how long ago (or how soon) t is from now, in the largest
// unit it holds, rounded to the nearest whole one.
func relative(t, now time.Time) string {
	d := now.Sub(t)
	future := d < 0
	if future {
		d = -d
	}
	if d < time.Minute {
		if future {
			return "in under a minute"
		}
		return "just now"
	}
	var size time.Duration
	var unit string
	switch {
	case d < time.Hour:
		size, unit = time.Minute, "minute"
	case d < 24*time.Hour:
		size, unit = time.Hour, "hour"
	case d < 30*24*time.Hour:
		size, unit = 24*time.Hour, "day"
	case d < 365*24*time.Hour:
		size, unit = 30*24*time.Hour, "month"
	default:
		size, unit = 365*24*time.Hour, "year"
	}
	n := int((d + size/2) / size) // to the nearest whole unit
	if n != 1 {
		unit += "s"
	}
	if future {
		return fmt.Sprintf("in %d %s", n, unit)
	}
	return fmt.Sprintf("%d %s ago", n, unit)
}

// daysLeft is the whole days from now until s (rounded up), and false
// when s is not a readable time.
func daysLeft(s *string, now time.Time) (int, bool) {
	if s == nil {
		return 0, false
	}
	t, err := time.Parse(time.RFC3339Nano, *s)
	if err != nil {
		return 0, false
	}
	d := t.Sub(now)
	if d <= 0 {
		return 0, true
	}
	return int((d + 24*time.Hour - time.Nanosecond) / (24 * time.Hour)), true
}
