package integrations

import (
	"fmt"
	"strings"
	"testing"

	"rvcontent/shared/platform/pushapi"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/kernel/weburl"
)

func TestHashFollowsPushedFields(t *testing.T) {
	a := articles.Article{ID: "1", Title: "T", Slug: "t-1", Description: "D", BodyMarkdown: "x", BodyHTML: "<p>x</p>", Tags: []string{"a"}}
	base := hashOf(postOf(a, DefaultSettings))
	if hashOf(postOf(a, DefaultSettings)) != base {
		t.Fatal("hash is not stable")
	}
	b := a
	b.UpdatedAt, b.PublishedURL, b.WordCount = "2026-01-01T00:00:00.000000Z", new(string), 9
	if hashOf(postOf(b, DefaultSettings)) != base {
		t.Fatal("fields that are not pushed changed the hash")
	}
	for name, change := range map[string]func(*articles.Article, *Settings){
		"title":  func(a *articles.Article, _ *Settings) { a.Title = "U" },
		"body":   func(a *articles.Article, _ *Settings) { a.BodyHTML = "<p>y</p>" },
		"tags":   func(a *articles.Article, _ *Settings) { a.Tags = []string{"a", "b"} },
		"status": func(_ *articles.Article, s *Settings) { s.DefaultStatus = PushPublish },
		"author": func(_ *articles.Article, s *Settings) { v := "ed"; s.Author = &v },
	} {
		c, st := a, DefaultSettings
		change(&c, &st)
		if hashOf(postOf(c, st)) == base {
			t.Fatalf("changing %s kept the hash", name)
		}
	}
}

func TestAmong(t *testing.T) {
	opts := []pushapi.Option{{ID: "news"}, {ID: "guides"}}
	id := func(s string) *string { return &s }
	if among(nil, opts, "categories", true) != "" || among(id("news"), opts, "categories", true) != "" || among(id("x"), nil, "categories", false) != "" {
		t.Fatal("accepted values refused")
	}
	if got := among(id("x"), opts, "categories", true); got != "must be the id of one of the platform site's categories: news, guides" {
		t.Fatalf("problem %q", got)
	}
	if got := among(id("x"), nil, "categories", true); got != "must be null: the platform site offers no categories" {
		t.Fatalf("problem with no options %q", got)
	}
}

func TestRemoteURLKeepsOnlyPublicAddresses(t *testing.T) {
	long := "https://blog.example.com/" + strings.Repeat("a", MaxSiteURL)
	for raw, want := range map[string]string{
		"https://blog.example.com/p/1":  "https://blog.example.com/p/1",
		" http://blog.example.com/p/2 ": "http://blog.example.com/p/2",
		"":                              "",
		"x":                             "",
		"/p/1":                          "",
		"javascript:alert(1)":           "",
		"https://127.0.0.1/p":           "",
		"https://blog.example.com/<b>":  "",
		"ftp://blog.example.com/p":      "",
		long:                            "",
		long[:MaxSiteURL]:               long[:MaxSiteURL],
	} {
		if got := remoteURL(raw); got != want {
			t.Errorf("remoteURL(%.40q) = %.40q, want %.40q", raw, got, want)
		}
	}
}

func TestSiteAddressRefusesWhatTheRootsCannotFollow(t *testing.T) {
	long := "https://blog.example.com/" + strings.Repeat("a", MaxSiteURL-len("https://blog.example.com/"))
	for raw, want := range map[string]bool{
		"https://blog.example.com":       true,
		"https://blog.example.com/news/": true,
		long:                             true,
		long + "a":                       false,
		"https://blog.example.com/?x=1":  false,
		"https://blog.example.com/?":     false,
		"https://blog.example.com/#top":  false,
		"https://blog.example.com/#":     false,
	} {
		u, problem := weburl.Parse(raw, true)
		if problem != "" {
			t.Fatalf("%q: %s", raw, problem)
		}
		if got := siteAddress(u, raw); got != want {
			t.Errorf("siteAddress(%.40q) = %v, want %v", raw, got, want)
		}
	}
}

func TestKeptInfoBoundsWhatThePlatformAnswered(t *testing.T) {
	var many []pushapi.Option
	for i := range 3 * MaxOptions {
		many = append(many, pushapi.Option{ID: fmt.Sprint("c", i), Name: strings.Repeat("n", 2*MaxRemoteName)})
	}
	got := keptInfo(pushapi.SiteInfo{Name: " Acme\tBlog\u202e\n" + strings.Repeat("x", 2*MaxRemoteName), Categories: many, Authors: []pushapi.Option{
		{ID: "ed", Name: "The Editor"}, {ID: "ed", Name: "Again"}, {ID: "", Name: "No id"}, {ID: " sp", Name: "Spaced"},
		{ID: "a\nb", Name: "Two lines"}, {ID: strings.Repeat("i", MaxOptionID+1)}, {ID: "bare"},
	}})
	if n := len([]rune(got.Name)); n != MaxRemoteName || !strings.HasPrefix(got.Name, "Acme Blog xxx") {
		t.Fatalf("name %q (%d characters)", got.Name, n)
	}
	if len(got.Categories) != MaxOptions || got.Categories[0].ID != "c0" || len([]rune(got.Categories[0].Name)) != MaxRemoteName {
		t.Fatalf("%d categories, first %+v", len(got.Categories), got.Categories[0])
	}
	if fmt.Sprint(got.Authors) != "[{ed The Editor} {bare bare}]" {
		t.Fatalf("authors %v", got.Authors)
	}
}
