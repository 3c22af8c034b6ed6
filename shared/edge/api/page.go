package api

import (
	"net/http"
	"strconv"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
)

// Page is a list request's page size and cursor (spec 4.1).
type Page struct {
	Limit  int
	Cursor string
}

// DefaultLimit and MaxLimit bound list pages (spec 8).
const (
	DefaultLimit = 50
	MaxLimit     = 100
)

// ReadPage reads limit (1 to 100, default 50) and cursor from the query.
func ReadPage(r *http.Request) (Page, error) {
	p := Page{Limit: DefaultLimit, Cursor: r.URL.Query().Get("cursor")}
	if s := r.URL.Query().Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > MaxLimit {
			return p, apperr.Invalid(apperr.Problem{Field: "limit", Problem: "must be an integer from 1 to 100"})
		}
		p.Limit = n
	}
	return p, nil
}

// List is a page of a list answer: the items under their plural name and
// next_cursor, null at the end.
func List(name string, items any, next string) map[string]any {
	var cursor any
	if next != "" {
		cursor = next
	}
	return map[string]any{name: items, "next_cursor": cursor}
}

// SlicePage returns page p of items, a list read whole (a site's
// integrations, an article's destinations), with the cursor of the next
// page ("" at the end): list endpoints take limit and cursor whatever their
// length (spec 4.1). The cursor is the position in items, tagged with
// list, the list's name; one without a position, or issued by another
// list, answers validation_failed like any cursor this service did not
// issue.
func SlicePage[T any](items []T, p Page, list string) ([]T, string, error) {
	start := 0
	if p.Cursor != "" {
		c, err := dynamo.DecodeCursor(p.Cursor)
		n, convErr := strconv.Atoi(c["offset"])
		if err != nil || convErr != nil || n < 0 || len(c) != 2 || c["list"] != list {
			return nil, "", apperr.BadCursor()
		}
		start = min(n, len(items))
	}
	end, next := len(items), ""
	if limit := max(p.Limit, 1); start+limit < len(items) {
		end = start + limit
		next = dynamo.EncodeCursor(dynamo.Cursor{"list": list, "offset": strconv.Itoa(end)})
	}
	return items[start:end], next, nil
}
