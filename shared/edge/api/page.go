package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"rvcontent/shared/edge/gateway"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/secret"
	"rvcontent/shared/platform/dynamo"
)

// Page is a list request's page size and cursor (spec 4.1), and the list
// it reads.
type Page struct {
	Limit int
	// Cursor is where the page starts, as the list's feature made it when
	// it ended the page before ("" for the first page): the cursor the
	// caller sent, opened (see ReadPage).
	Cursor string
	list   string         // which list: see listOf
	keys   *secret.Source // the master key the cursors' key derives from
}

// DefaultLimit and MaxLimit bound list pages (spec 8).
const (
	DefaultLimit = 50
	MaxLimit     = 100
)

// cursorPurpose names the key list cursors are signed with among the
// master key's derivations.
const cursorPurpose = "list-cursor-v1"

// ReadPage reads limit (1 to 100, default 50) and cursor from the query.
// filters name the query parameters that choose what the list holds
// (besides its path); the cursor must be one this very list issued (see
// Page.Next): the caller's, at this method and path, with these filters.
// Any other (another list's, another account's, or made up) answers
// validation_failed on cursor.
func ReadPage(r *http.Request, filters ...string) (Page, error) {
	q := r.URL.Query()
	p := Page{Limit: DefaultLimit, list: listOf(r, filters), keys: gateway.Keys(r.Context())}
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > MaxLimit {
			return p, apperr.Invalid(apperr.Problem{Field: "limit", Problem: "must be an integer from 1 to 100"})
		}
		p.Limit = n
	}
	if s := q.Get("cursor"); s != "" {
		key, err := p.key()
		if err != nil {
			return p, err
		}
		if p.Cursor, err = dynamo.OpenCursor(key, p.list, s); err != nil {
			return p, apperr.BadCursor()
		}
	}
	return p, nil
}

// Next returns the next_cursor to answer for next, the position after
// this page as the list's feature made it ("" at the end): signed for
// this list, so that ReadPage takes it back only here.
func (p Page) Next(next string) (string, error) {
	if next == "" {
		return "", nil
	}
	key, err := p.key()
	if err != nil {
		return "", err
	}
	signed, err := dynamo.SignCursor(key, p.list, next)
	return signed, apperr.Wrap("api.Page.Next", err)
}

// key returns the key list cursors are signed with, derived from the
// master key of the function (waiting for it while it is being read).
func (p Page) key() ([]byte, error) {
	if p.keys == nil {
		return nil, apperr.Wrap("api.Page", errors.New("no master key to sign list cursors with: the handler runs outside gateway.Handler"))
	}
	key, err := p.keys.Derive(cursorPurpose)
	return key, apperr.Wrap("api.Page", err)
}

// listOf says which list r reads: the caller's account, the method and
// path (the endpoint, with the site, article or webhook endpoint in it),
// and the value of each of filters. A filter's value is read as a set
// (QueryList), so the order of its values, spaces and repeats do not make
// another list.
func listOf(r *http.Request, filters []string) string {
	caller, _ := auth.From(r.Context())
	parts := []string{caller.AccountID, r.Method + " " + r.URL.Path}
	for _, name := range filters {
		set := QueryList(r, name)
		slices.Sort(set)
		parts = append(parts, name+"="+strings.Join(slices.Compact(set), ","))
	}
	b, _ := json.Marshal(parts)
	return string(b)
}

// WriteList answers a list's page: items under their plural name and
// next, the position after them as the list's feature made it ("" at the
// end), signed for the list (Page.Next).
func WriteList(w http.ResponseWriter, r *http.Request, p Page, name string, items any, next string) {
	next, err := p.Next(next)
	if err != nil {
		Error(w, r, err)
		return
	}
	JSON(w, http.StatusOK, List(name, items, next))
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
