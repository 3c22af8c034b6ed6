package audit21d

import (
	"net/http"
	"testing"
)

// TestEmptyPageEchoesAnUnencodedPlus: public-articles-api.md 4, cursor
// rule 2: "on an empty page [next_since] echoes the since sent". A since
// whose offset "+" arrived unencoded is read as "+" (README), so the echo
// is that timestamp, not one with a space in its offset.
func TestEmptyPageEchoesAnUnencodedPlus(t *testing.T) {
	o := newOwner(t, "https://echo-plus.example.com")
	o.written(t, "Only article")
	for raw, want := range map[string]string{
		"2099-01-01T09:00:00.123+02:00":   "2099-01-01T09:00:00.123+02:00",
		"2099-01-01T09:00:00.123%2B02:00": "2099-01-01T09:00:00.123+02:00",
		"2099-01-01T09:00:00Z":            "2099-01-01T09:00:00Z",
	} {
		var page struct {
			Count     int     `json:"count"`
			NextSince *string `json:"next_since"`
		}
		o.Public(t, "GET", "/articles?limit=10&since="+raw, nil).Expect(t, http.StatusOK).Decode(t, &page)
		if page.Count != 0 || page.NextSince == nil || *page.NextSince != want {
			t.Fatalf("since=%s: count %d, next_since %s; want an empty page echoing %q", raw, page.Count, jsonOf(page.NextSince), want)
		}
	}
}
