package audit24c

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestTooLargePageCarriesTheCORSHeaders: public-articles-api.md 4 "CORS:
// error responses carry the same CORS headers as successful ones", and the
// README ("Conventions": "Every answer, errors included, carries
// Access-Control-Allow-Origin: *, Access-Control-Allow-Methods: GET,
// PATCH, OPTIONS, Access-Control-Allow-Headers: ...,
// Access-Control-Expose-Headers: X-Request-Id, Access-Control-Max-Age:
// 86400"; "Large pages": a page still too large to send "is a 500 whose
// error says so"). A page of long articles asked for without gzip passes
// the 6 MB a function may answer; the 500 that replaces it carried only
// Access-Control-Allow-Origin, so a browser page could not read its
// X-Request-Id (nor did it carry one) and a preflight-cached client saw
// other CORS headers than on every other answer.
func TestTooLargePageCarriesTheCORSHeaders(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Shared(t)
	o := newOwner(t, env, "https://long-audit24c.example.com", false)
	var para strings.Builder
	for para.Len() < 150_000 {
		para.WriteString("Fresh beans & a steady grinder make better coffee; \"ratio\" matters <more> than price.\n\n")
	}
	start := time.Now().Add(-time.Hour)
	for i := range 24 {
		o.finishedWithBody(t, fmt.Sprintf("Long read %d", i), para.String(), start.Add(time.Duration(i)*time.Millisecond))
	}
	req, err := http.NewRequest("GET", env.URL+"/api/public/v1/articles?limit=100", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+o.SiteKey)
	req.Header.Set("Origin", "https://blog.example.com")
	resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var e map[string]any
	if resp.StatusCode != http.StatusInternalServerError || json.Unmarshal(body, &e) != nil || !strings.Contains(fmt.Sprint(e["error"]), "6 MB") {
		t.Fatalf("page too large without gzip: status %d, body %.300s", resp.StatusCode, body)
	}
	wantCORS(t, "the 500 of a page too large", resp.Header)
}
