package api

import (
	"fmt"
	"testing"

	"rvcontent/shared/kernel/apperr"
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
