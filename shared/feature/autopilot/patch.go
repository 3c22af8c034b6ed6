package autopilot

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"rvcontent/shared/kernel/input"
)

// Patch is what PATCH /sites/{site_id}/autopilot takes: only sent fields
// change; none may be null.
type Patch struct {
	Enabled       input.Field[bool]
	WeeklyCadence input.Field[int]
	Days          input.Field[[]string]
	TimeOfDay     input.Field[string]
}

// TimeOfDayPattern is a time_of_day as the service takes it, once
// trimmed: "HH:MM", 24-hour (unanchored, for the OpenAPI documents too).
const TimeOfDayPattern = `([01]\d|2[0-3]):[0-5]\d`

// timeOfDay matches a whole TimeOfDayPattern.
var timeOfDay = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^` + TimeOfDayPattern + `$`) })

// ParsePatch reads the body of PATCH /sites/{site_id}/autopilot.
func ParsePatch(o *input.Object) (Patch, error) {
	var p Patch
	p.Enabled = o.Bool("enabled")
	switch {
	case o.IsNull("weekly_cadence"):
		o.Problem("weekly_cadence", fmt.Sprintf("cannot be null; send an integer from %d to %d", MinCadence, MaxCadence))
	case o.Has("weekly_cadence"):
		if n, ok := o.Int("weekly_cadence", true, MinCadence, MaxCadence); ok {
			p.WeeklyCadence = input.Field[int]{Sent: true, Value: n}
		}
	}
	if o.Has("days") {
		f := o.Strings("days", MaxDays, dayName)
		switch {
		case f.Null:
			o.Problem("days", "cannot be null; send at least one of mon, tue, wed, thu, fri, sat, sun")
		case f.Value == nil:
			// Not an array of strings, or too long: Strings said so, and
			// one problem per field is what the caller reads.
		case len(f.Value) == 0:
			o.Problem("days", "must name at least one day: mon, tue, wed, thu, fri, sat or sun")
		default:
			p.Days = input.Field[[]string]{Sent: true, Value: normalDays(f.Value)}
		}
	}
	switch {
	case o.IsNull("time_of_day"):
		o.Problem("time_of_day", "cannot be null; send a time of day in UTC as HH:MM")
	case o.Has("time_of_day"):
		t, ok := o.String("time_of_day", true, func(s string) string {
			if !timeOfDay().MatchString(s) {
				return "must be a time of day in UTC as HH:MM, from 00:00 to 23:59"
			}
			return ""
		})
		if ok {
			p.TimeOfDay = input.Field[string]{Sent: true, Value: t}
		}
	}
	return p, o.Err()
}

// dayName checks a day of the week: "mon" or "monday", in any case.
func dayName(s string) string {
	if short := shortDay(s); short != "" {
		return ""
	}
	return "must hold days of the week: mon, tue, wed, thu, fri, sat or sun"
}

// shortDay returns the short name of a day ("Monday" gives "mon"), or "".
func shortDay(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, d := range Days {
		if s == d || s == fullDay[d] {
			return d
		}
	}
	return ""
}

var fullDay = map[string]string{
	"mon": "monday", "tue": "tuesday", "wed": "wednesday", "thu": "thursday", "fri": "friday", "sat": "saturday", "sun": "sunday",
}

// normalDays returns the chosen days as short names, Monday first, once
// each.
func normalDays(list []string) []string {
	chosen := map[string]bool{}
	for _, d := range list {
		chosen[shortDay(d)] = true
	}
	var out []string
	for _, d := range Days {
		if chosen[d] {
			out = append(out, d)
		}
	}
	return out
}

// apply sets the sent fields of p on s and says what changed.
func (p Patch) apply(s *Settings) []string {
	var changed []string
	if p.Enabled.Sent && !p.Enabled.Null && s.Enabled != p.Enabled.Value {
		s.Enabled = p.Enabled.Value
		changed = append(changed, map[bool]string{true: "turned on", false: "turned off"}[s.Enabled])
	}
	if p.WeeklyCadence.Sent && s.WeeklyCadence != p.WeeklyCadence.Value {
		s.WeeklyCadence = p.WeeklyCadence.Value
		changed = append(changed, fmt.Sprintf("%d a week", s.WeeklyCadence))
	}
	if p.Days.Sent && strings.Join(s.Days, ",") != strings.Join(p.Days.Value, ",") {
		s.Days = p.Days.Value
		changed = append(changed, "on "+dayNames(s.Days))
	}
	if p.TimeOfDay.Sent && s.TimeOfDay != p.TimeOfDay.Value {
		s.TimeOfDay = p.TimeOfDay.Value
		changed = append(changed, "at "+s.TimeOfDay+" UTC")
	}
	return changed
}

// dayNames writes days ("mon", "fri") as a person reads them ("Mon, Fri").
func dayNames(days []string) string {
	out := make([]string, len(days))
	for i, d := range days {
		out[i] = strings.ToUpper(d[:1]) + d[1:]
	}
	return strings.Join(out, ", ")
}
