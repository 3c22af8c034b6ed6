package rank

import (
	"reflect"
	"testing"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/keywords"
)

func kw(name string, volume, traffic int, source string) keywords.Keyword {
	return keywords.Keyword{ID: name, Name: name, SearchVolume: volume, TrafficEstimate: traffic, Source: source, Trend: "Steady"}
}

func art(id, keyword, status, updated string) articles.Article {
	return articles.Article{ID: id, Keyword: &keyword, Status: status, UpdatedAt: updated}
}

func TestCompute(t *testing.T) {
	kws := []keywords.Keyword{
		kw("a", 1000, 300, keywords.SourceLibrary), kw("b", 500, 100, keywords.SourceLibrary),
		kw("d", 400, 400, keywords.SourceDiscovered), kw("c", 0, 0, keywords.SourceLibrary),
	}
	arts := []articles.Article{
		art("1", "A", articles.StatusOpportunity, "2026-01-02"),
		art("2", " a ", articles.StatusScheduled, "2026-01-01"),
		art("3", "a", articles.StatusScheduled, "2026-01-03"), // the newer of two scheduled
		art("4", "b", articles.StatusFinished, "2026-01-01"),
		art("5", "b", articles.StatusGenerating, "2026-01-05"),
		art("6", "d", articles.StatusFinished, "2026-01-01"),
	}
	r := Compute("s", kws, arts)
	want := Rank{SiteID: "s", Coverage: Coverage{Basis: BasisSearches, Total: 1500, Published: 500, Planned: 1000, Open: 0}, Market: []Row{
		{Keyword: "a", Searches: 1000, Trend: "Steady", TrafficEstimate: 300, Status: StatusScheduled, ArticleID: ptr("3"), Score: 100},
		{Keyword: "b", Searches: 500, Trend: "Steady", TrafficEstimate: 100, Status: StatusPublished, ArticleID: ptr("4"), Score: 33},
		{Keyword: "c", Searches: 0, Trend: "Steady", TrafficEstimate: 0, Status: StatusGap, Score: 0},
	}}
	if !reflect.DeepEqual(r, want) {
		t.Fatalf("got  %+v\nwant %+v", r, want)
	}

	topics := Compute("s", []keywords.Keyword{kw("x", 0, 0, keywords.SourceLibrary), kw("y", 0, 0, keywords.SourceLibrary)}, arts)
	if topics.Coverage != (Coverage{Basis: BasisTopics, Total: 2, Open: 2}) {
		t.Fatalf("topics coverage %+v", topics.Coverage)
	}
	if empty := Compute("s", nil, nil); empty.Market == nil || empty.Coverage != (Coverage{Basis: BasisTopics}) {
		t.Fatalf("empty %+v", empty)
	}
}

func ptr(s string) *string { return &s }
