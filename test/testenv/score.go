package testenv

import (
	"maps"
	"net/http"
	"testing"
)

// ScoreCheck is one check of an article's score as GET
// /sites/{site_id}/articles/{article_id}/score lists it.
type ScoreCheck struct {
	ID     string `json:"id"`
	Points int    `json:"points"`
	Detail string `json:"detail"`
}

// ScoreChecks returns the SEO checks, then the GEO checks, of the score of
// article articleID on site siteID.
func (c *Client) ScoreChecks(t testing.TB, siteID, articleID string) []ScoreCheck {
	t.Helper()
	var sc struct {
		Score struct {
			SEO, GEO struct {
				Checks []ScoreCheck `json:"checks"`
			}
		} `json:"score"`
	}
	c.Agent(t, "GET", "/sites/"+siteID+"/articles/"+articleID+"/score", nil).Expect(t, http.StatusOK).Decode(t, &sc)
	return append(sc.Score.SEO.Checks, sc.Score.GEO.Checks...)
}

// ExpectScoreChecks checks, for each check id in want, the first of
// checks with that id: it fails the test (and goes on) unless the check
// has points and the detail want names, and fails it at once when a check
// of want is not among checks.
func ExpectScoreChecks(t testing.TB, checks []ScoreCheck, points int, want map[string]string) {
	t.Helper()
	want = maps.Clone(want)
	for _, ch := range checks {
		if w, ok := want[ch.ID]; ok {
			if ch.Detail != w || ch.Points != points {
				t.Errorf("%s = %d points, %q; want %d, %q", ch.ID, ch.Points, ch.Detail, points, w)
			}
			delete(want, ch.ID)
		}
	}
	if len(want) != 0 {
		t.Fatalf("checks missing: %v", want)
	}
}
