package publicapi

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
)

// DefaultPageSize and MaxPageSize bound a page of articles (spec 8).
const (
	DefaultPageSize = 1
	MaxPageSize     = 100
)

// listQuery is what GET /articles reads from its query.
type listQuery struct {
	Since       time.Time // zero: from the start
	SinceSent   string    // the since parameter as sent, echoed on an empty page
	Limit       int
	Unpublished bool
}

var errBadSince = apperr.New(apperr.BadRequest, "since must be an ISO 8601 timestamp such as 2026-01-31T09:00:00.123456Z; pass next_since back exactly as received.")

// readListQuery reads the raw query's since (truncated to the
// millisecond; one whose percent-encoding does not decode is unreadable
// too, not absent), limit (1 to 100, default 1; values outside are brought
// into range) and published.
func readListQuery(raw string) (listQuery, error) {
	if sinceUnreadable(raw) {
		return listQuery{Limit: DefaultPageSize}, errBadSince
	}
	q, _ := url.ParseQuery(raw) // the parameters that decode
	lq := listQuery{Limit: DefaultPageSize, SinceSent: q.Get("since")}
	if lq.SinceSent != "" {
		t, err := parseSince(lq.SinceSent)
		if err != nil {
			return lq, errBadSince
		}
		lq.Since = t
		// Echoed on an empty page as sent (spec 4, cursor rule 2): an
		// unencoded "+" of its offset is a "+" again, not a space.
		lq.SinceSent = clock.UnencodedPlus(lq.SinceSent)
	}
	if s := strings.TrimSpace(q.Get("limit")); s != "" {
		// A whole number too large for an int is still out of range
		// (Atoi then returns the nearest int).
		if n, err := strconv.Atoi(s); err == nil || errors.Is(err, strconv.ErrRange) {
			lq.Limit = min(max(n, 1), MaxPageSize)
		}
	}
	lq.Unpublished = strings.EqualFold(strings.TrimSpace(q.Get("published")), "false")
	return lq, nil
}

// sinceUnreadable reports whether a since parameter of the raw query does
// not decode, whatever parameters that do not decode come before it.
func sinceUnreadable(raw string) bool {
	for _, pair := range strings.Split(raw, "&") {
		if p, bad := api.QueryProblem(pair); bad && p.Field == "since" {
			return true
		}
	}
	return false
}

// parseSince reads an ISO 8601 timestamp as every since parameter is read
// (clock.ParseQuery: an unencoded "+" of an offset, no offset meaning UTC)
// and drops everything below the millisecond.
func parseSince(s string) (time.Time, error) {
	t, err := clock.ParseQuery(s)
	if err != nil {
		return time.Time{}, err
	}
	return t.Truncate(time.Millisecond), nil
}
