package autopilot

import (
	"fmt"
	"time"

	"rvcontent/shared/kernel/clock"
)

// dayIndex is a weekday's place in Days (Monday 0 ... Sunday 6).
func dayIndex(d time.Weekday) int { return (int(d) + 6) % 7 }

// perDay returns how many articles the settings write on weekday d: the
// weekly cadence spread as evenly as possible over the chosen days, in
// week order, the earlier days taking the remainder (3 a week on every
// day: Monday, Wednesday and Friday; 14 a week: 2 a day).
func (s Settings) perDay(d time.Weekday) int {
	chosen := -1
	n := 0
	for _, name := range Days {
		if s.has(name) {
			if name == Days[dayIndex(d)] {
				chosen = n
			}
			n++
		}
	}
	if chosen < 0 || n == 0 {
		return 0
	}
	ceil := func(i int) int { return (i*s.WeeklyCadence + n - 1) / n }
	return ceil(chosen+1) - ceil(chosen)
}

func (s Settings) has(day string) bool {
	for _, d := range s.Days {
		if d == day {
			return true
		}
	}
	return false
}

// clockTime reads TimeOfDay.
func (s Settings) clockTime() (hour, minute int) {
	fmt.Sscanf(s.TimeOfDay, "%d:%d", &hour, &minute)
	return hour, minute
}

// nextSlot returns the first slot strictly after t (a chosen day that
// writes at least one article, at TimeOfDay UTC) and its article count.
func (s Settings) nextSlot(t time.Time) (time.Time, int) {
	t = t.UTC()
	h, m := s.clockTime()
	day := time.Date(t.Year(), t.Month(), t.Day(), h, m, 0, 0, time.UTC)
	for i := 0; i <= 7; i++ {
		slot := day.AddDate(0, 0, i)
		if n := s.perDay(slot.Weekday()); n > 0 && slot.After(t) {
			return slot, n
		}
	}
	return time.Time{}, 0 // unreachable with valid settings
}

// upcoming returns the next slot of the settings at now: the first slot
// after now on a day after the one whose slot last started writing
// (LastSlotAt), so a day's articles are written once even when the time of
// day moves later after its slot wrote, or the autopilot is turned off and
// on again that day. A slot that passed without writing (no plan, nothing
// scheduled) does not hold its day.
func (s Settings) upcoming(now time.Time) (time.Time, int) {
	from := now
	if s.LastSlotAt != nil {
		if t, err := clock.Parse(*s.LastSlotAt); err == nil {
			y, m, d := t.UTC().Date()
			if end := time.Date(y, m, d, 23, 59, 59, 0, time.UTC); end.After(from) {
				from = end
			}
		}
	}
	return s.nextSlot(from)
}
