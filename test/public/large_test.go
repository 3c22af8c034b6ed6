package public

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/articles/editing"
	"rvcontent/shared/kernel/clock"
)

// TestAPageLambdaCouldNotReturnGoesGzipped: a page of 100 long articles
// passes Lambda's 6 MB response limit as text, which would end in API
// Gateway's bare 500. Asked with Accept-Encoding: gzip (as browsers, curl
// --compressed, Go, PHP and Node clients do) it comes gzipped and whole;
// asked without, it is the spec's 500 (error only, no code) with a sentence
// that says what to ask for instead, never a partial page that a consumer
// would take for the last one.
func TestAPageLambdaCouldNotReturnGoesGzipped(t *testing.T) {
	env := stack(t)
	o := newOwner(t, env, "https://long.example.com")
	var para strings.Builder
	for para.Len() < 150_000 {
		para.WriteString("Fresh beans & a steady grinder make better coffee; \"ratio\" matters <more> than price.\n\n")
	}
	const n = 24
	start := time.Now().Add(-time.Hour)
	for i := range n {
		a := articles.New(o.acct.SiteID, articles.Draft{Title: fmt.Sprintf("Long read %d", i)}, articles.SourceAPI, start)
		editing.SetBody(&a, para.String())
		a.Status = articles.StatusFinished
		a.UpdatedAt = clock.Format(start.Add(time.Duration(i) * time.Millisecond))
		a.FinishedAt = &a.UpdatedAt
		o.put(t, a)
	}

	get := func(acceptEncoding string) *http.Response {
		req, _ := http.NewRequest("GET", env.URL+"/api/public/v1/articles?limit=100", nil)
		req.Header.Set("Authorization", "Bearer "+o.key)
		if acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", acceptEncoding)
		}
		resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}

	resp := get("gzip")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("status %d, Content-Encoding %q", resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
	raw, _ := io.ReadAll(resp.Body)
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	var p page
	if err := json.Unmarshal(plain, &p); err != nil || p.Count != n || len(p.Articles) != n {
		t.Fatalf("page of %d articles (count %d, %v), want %d", len(p.Articles), p.Count, err, n)
	}
	if len(plain) < 6_000_000 {
		t.Fatalf("the page is %d bytes as text: not past the limit this test is about", len(plain))
	}

	resp = get("")
	body, _ := io.ReadAll(resp.Body)
	var e map[string]any
	if resp.StatusCode != http.StatusInternalServerError || json.Unmarshal(body, &e) != nil || e["code"] != nil ||
		!strings.Contains(e["error"].(string), "6 MB") || !strings.Contains(e["error"].(string), "Accept-Encoding: gzip") {
		t.Fatalf("without gzip: status %d, body %.300s", resp.StatusCode, body)
	}
	if resp.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("the error has no CORS header: %v", resp.Header)
	}
}
