package clock

import (
	"errors"
	"strings"
	"time"
	"unicode"
)

// zoned are the ISO 8601 forms with a UTC offset that ParseQuery reads
// besides RFC 3339's: minutes without seconds, and an offset without its
// colon ("+0100").
var zoned = []string{"2006-01-02T15:04Z07:00", "2006-01-02T15:04:05.999999999Z0700", "2006-01-02T15:04Z0700"}

// zoneless are the timestamp forms without a UTC offset that ParseQuery
// reads as UTC.
var zoneless = []string{"2006-01-02T15:04:05.999999999", "2006-01-02T15:04", "2006-01-02"}

// ParseQuery reads a timestamp sent in a query string, as lists' since
// parameters take it: any RFC 3339 form, and the ISO 8601 forms with
// minutes but no seconds or an offset without its colon; a "+" of a UTC
// offset that arrived unencoded (and so reads as a space) is taken as
// "+"; a time without an offset, or a bare date, is read as UTC. A time
// outside the years 0000 to 9999 once in UTC (9999-12-31T23:30:00-01:00)
// is refused: lists start from its sort key (SortKey), which would not
// sort in time order.
func ParseQuery(s string) (time.Time, error) {
	s = strings.ToUpper(strings.TrimSpace(UnencodedPlus(s))) // RFC 3339 allows "t" and "z"
	t, err := Parse(s)
	for _, layout := range zoned {
		if err == nil {
			break
		}
		t, err = time.Parse(layout, s)
	}
	for _, layout := range zoneless {
		if err == nil {
			break
		}
		t, err = time.ParseInLocation(layout, s, time.UTC)
	}
	if err != nil {
		return time.Time{}, err
	}
	if t = t.UTC(); t.Year() < 0 || t.Year() > 9999 {
		return time.Time{}, errOutOfRange // its sort key would sort out of time order
	}
	return t, nil
}

var errOutOfRange = errors.New("clock: timestamp outside the years 0000 to 9999 in UTC")

// UnencodedPlus returns a query's timestamp s with the "+" of its UTC
// offset put back when it arrived unencoded (and so reads as a space): the
// last space after the date, space around s aside, is a "+" again. It is
// how ParseQuery reads s, and the form to echo s back in.
func UnencodedPlus(s string) string {
	end := len(strings.TrimRightFunc(s, unicode.IsSpace))
	start := len(s) - len(strings.TrimLeftFunc(s, unicode.IsSpace))
	if i := strings.LastIndex(s[:end], " "); i > start+len("2006-01-02") {
		return s[:i] + "+" + s[i+1:]
	}
	return s
}
