package pages

import (
	"fmt"
	"regexp"
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

// momentPattern finds a moment written as absLayout in UTC.
var momentPattern = regexp.MustCompile(`\b\d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d UTC\b`)

// saidText is a text that may carry a moment ("Studio site removal
// scheduled for 28 Dec 2026 16:17 UTC"), split around its first one so a
// page shows the moment in a <time> element: Lead, the moment (Moment,
// with ISO for its datetime), Rest. ISO is empty for a text without one,
// which Lead then holds whole.
type saidText struct{ Lead, Moment, ISO, Rest string }

// saidOf splits text around its first moment.
func saidOf(text string) saidText {
	loc := momentPattern.FindStringIndex(text)
	if loc == nil {
		return saidText{Lead: text}
	}
	t, err := time.Parse(absLayout, text[loc[0]:loc[1]])
	if err != nil {
		return saidText{Lead: text}
	}
	return saidText{Lead: text[:loc[0]], Moment: text[loc[0]:loc[1]], ISO: t.UTC().Format(time.RFC3339), Rest: text[loc[1]:]}
}

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
