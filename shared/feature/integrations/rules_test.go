package integrations

import (
	"testing"

	"rvcontent/shared/platform/pushapi"

	"rvcontent/shared/feature/articles"
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
	if among(nil, opts, "categories") != "" || among(id("news"), opts, "categories") != "" || among(id("x"), nil, "categories") != "" {
		t.Fatal("accepted values refused")
	}
	if got := among(id("x"), opts, "categories"); got != "must be the id of one of the platform site's categories: news, guides" {
		t.Fatalf("problem %q", got)
	}
}
