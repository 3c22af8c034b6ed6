package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"rvcontent/shared/edge/gateway"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/secret"
	"rvcontent/shared/platform/dynamo"
)

// TestSlicePage pages a list read whole as the stored lists page: limit
// items at a time, next_cursor "" at the end, a cursor without a position
// or of another list refused.
func TestSlicePage(t *testing.T) {
	items := []string{"a", "b", "c"}
	var got []string
	cursor, pages := "", 0
	for {
		page, next, err := SlicePage(items, Page{Limit: 2, Cursor: cursor}, "letters")
		if err != nil {
			t.Fatal(err)
		}
		got, pages = append(got, page...), pages+1
		if next == "" {
			break
		}
		cursor = next
	}
	if fmt.Sprint(got) != "[a b c]" || pages != 2 {
		t.Fatalf("walked %v in %d pages", got, pages)
	}
	if page, next, _ := SlicePage(items, Page{Limit: 3}, "letters"); len(page) != 3 || next != "" {
		t.Fatalf("a page holding the whole list: %v, next %q", page, next)
	}
	_, other, _ := SlicePage(items, Page{Limit: 1}, "numbers")
	for _, bad := range []string{"garbage", "e30", "eyJzayI6IlpaWiJ9", "eyJvZmZzZXQiOiItMSJ9", "eyJvZmZzZXQiOiIxIn0", other} { // {}, {"sk":"ZZZ"}, {"offset":"-1"}, {"offset":"1"}, another list's
		if _, _, err := SlicePage(items, Page{Limit: 2, Cursor: bad}, "letters"); apperr.CodeOf(err) != apperr.ValidationFailed {
			t.Errorf("cursor %q: err %v, want validation_failed", bad, err)
		}
	}
}

// TestReadPageTakesOnlyItsListsCursors: a cursor Page.Next signed opens
// in ReadPage, as the list's feature made it, for the same account, path
// and filters only (a filter's order, spaces and repeats aside); another
// account, path or filter value answers validation_failed, and a handler
// outside gateway.Handler, without the master key, fails rather than take
// a cursor it cannot check.
func TestReadPageTakesOnlyItsListsCursors(t *testing.T) {
	inner := dynamo.EncodeCursor(dynamo.Cursor{"sk": "JOB#2"})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.WithContext(auth.With(r.Context(), auth.Principal{AccountID: r.Header.Get("X-Account")}))
		p, err := ReadPage(r, "kind")
		if err != nil {
			Error(w, r, err)
			return
		}
		WriteList(w, r, p, "jobs", []string{p.Cursor}, inner)
	})
	fn := gateway.Handler(h, gateway.NewSeal(secret.Static("page-test-master-key-0123456789abcdef")))
	call := func(account, target string) (int, map[string]any) {
		t.Helper()
		r := httptest.NewRequest("GET", target, nil)
		r.Header.Set("X-Account", account)
		resp, err := fn(context.Background(), gateway.Event(r, "GET /jobs", nil, nil))
		if err != nil {
			t.Fatal(err)
		}
		var body map[string]any
		_ = json.Unmarshal([]byte(resp.Body), &body)
		return resp.StatusCode, body
	}
	status, first := call("a", "/jobs?kind=x,y")
	next, _ := first["next_cursor"].(string)
	if status != http.StatusOK || next == "" || next == inner {
		t.Fatalf("first page: %d %v", status, first)
	}
	status, again := call("a", "/jobs?limit=5&kind=y,%20x,x&cursor="+next)
	if got, _ := again["jobs"].([]any); status != http.StatusOK || len(got) != 1 || got[0] != inner {
		t.Fatalf("the list's own cursor: %d %v, want the feature's %q", status, again, inner)
	}
	for _, other := range []struct{ account, target string }{
		{"b", "/jobs?kind=x,y&cursor=" + next},
		{"a", "/jobs?kind=x&cursor=" + next},
		{"a", "/jobs?cursor=" + next},
		{"a", "/sites?kind=x,y&cursor=" + next},
		{"a", "/jobs?kind=x,y&cursor=" + inner},
	} {
		if status, body := call(other.account, other.target); status != http.StatusUnprocessableEntity || body["code"] != "validation_failed" {
			t.Errorf("%s %s: %d %v, want validation_failed", other.account, other.target, status, body)
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/jobs?cursor="+next, nil))
	if w.Code != http.StatusInternalServerError {
		t.Fatalf("without the master key: %d %s", w.Code, w.Body)
	}
}
