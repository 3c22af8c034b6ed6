package scan

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/shared/compose"
	"rvcontent/shared/feature/scans/extract"
	"rvcontent/shared/platform/crawl"
	"rvcontent/shared/platform/egress"
	"rvcontent/shared/platform/model"
	"rvcontent/test/testenv"
)

// BenchmarkScanRich measures a whole scan of the rich fixture through the
// dev stack: POST /sites/{site_id}/scan, the job reading the website and
// recording the result, and GET /jobs/{id}?wait until it ends. It reports
// the HTTP requests the scan made to the website (requests/op) and the
// job's own duration from creation to finish (job-ms/op); ns/op also holds
// the polling granularity of ?wait (250 ms).
func BenchmarkScanRich(b *testing.B) {
	env := testenv.Start(b)
	site := serve(b, env, "bench", false, pages(richRobots, rich))
	a := account(b, env, site.URL, nil)
	a.Client.WaitJob(b, a.ScanJob)
	var requests, jobMS float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		env.Advance(b, 86400) // a new day: the no-plan limit allows the scan
		before := len(site.Paths())
		b.StartTimer()
		j := a.Client.WaitJob(b, rescan(b, a))
		b.StopTimer()
		if j["status"] != "completed" {
			b.Fatalf("job %v", j)
		}
		requests += float64(len(site.Paths()) - before)
		created, _ := time.Parse(time.RFC3339Nano, j["created_at"].(string))
		finished, _ := time.Parse(time.RFC3339Nano, j["finished_at"].(string))
		jobMS += float64(finished.Sub(created).Microseconds()) / 1000
		b.StartTimer()
	}
	b.ReportMetric(requests/float64(b.N), "requests/op")
	b.ReportMetric(jobMS/float64(b.N), "job-ms/op")
}

// fixedHosts sends every host to one loopback address.
type fixedHosts string

func (f fixedHosts) Address(string) (string, bool) { return string(f), true }
func (fixedHosts) TXT(string) ([]string, bool)     { return nil, false }

// BenchmarkReadRich measures the reading part alone, without the table or
// the queue: crawling the rich fixture through the egress client, then
// the brand, analysis and geography rules.
func BenchmarkReadRich(b *testing.B) {
	var hits atomic.Int64
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		s := &site{Host: "bench.example.com"}
		pages(richRobots, rich)(s).ServeHTTP(w, r)
	}))
	defer srv.Close()
	c := &crawl.Crawler{Fetcher: egress.New(egress.Options{UserAgent: compose.UserAgent, Overrides: fixedHosts(strings.TrimPrefix(srv.URL, "https://"))})}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := c.Crawl(ctx, "https://bench.example.com/")
		if err != nil {
			b.Fatal(err)
		}
		brand := extract.Brand(res.Pages)
		in := model.AnalyzeInput{BrandName: brand.BrandName}
		for _, p := range res.Pages {
			in.Pages = append(in.Pages, model.Page{URL: p.URL.String(), Title: p.Title, Description: p.Description, Headings: p.Headings, Hero: p.Hero, Text: p.Text})
		}
		s, _ := model.Offline{}.Analyze(ctx, in)
		_ = model.Ground(s, in)
		_ = extract.Geo(res.Pages)
	}
	b.ReportMetric(float64(hits.Load())/float64(b.N), "requests/op")
}
