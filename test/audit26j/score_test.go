package audit26j

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestScoreFindsTheKeywordWhateverItsAccentComposition: README, score:
// "SEO checks: keyword_in_title, keyword_in_h1, keyword_in_intro ...
// GEO checks: answer_first, definition ..."; README, keywords: names are
// stored "with accents composed as Unicode NFC does (e + U+0301 is stored
// as é, so both spellings are one name)", and the articles list's keyword
// filter compares alike. Defect: the score compared the keyword with the
// title and body character by character, and read a combining accent as a
// space, so an article whose title and body spell "Crème brûlée" with
// combining accents (as text pasted from macOS does) scored 0 on every
// keyword check for its keyword "crème brûlée" typed precomposed (and
// "creme brulee" would have matched it). The score now reads both in
// composed form, an accent part of its word: the checks pass.
func TestScoreFindsTheKeywordWhateverItsAccentComposition(t *testing.T) {
	_, a := testenv.StartQuietAccount(t)
	s := "/sites/" + a.SiteID
	nfd := "Cre\u0300me bru\u0302le\u0301e" // "Crème brûlée" with combining accents
	id := a.Client.Agent(t, "POST", s+"/articles", map[string]any{
		"title": nfd + " at home", "keyword": "crème brûlée",
		"body_markdown": "# " + nfd + " at home\n\n" + nfd + " is a baked custard with a burnt sugar top.\n\n## Making " + nfd + "\n\nBake it slowly.",
	}).Expect(t, http.StatusCreated).Article(t)["id"].(string)
	checks := a.Client.ScoreChecks(t, a.SiteID, id)
	for _, ch := range checks {
		switch ch.ID {
		case "keyword_in_title", "keyword_in_h1", "keyword_in_intro", "keyword_in_subheading", "answer_first", "definition":
			if ch.Points == 0 {
				t.Errorf("%s: 0 points (%s)", ch.ID, ch.Detail)
			}
		}
	}
	// An unaccented keyword is another phrase than the accented title.
	a.Client.Agent(t, "PATCH", s+"/articles/"+id, map[string]any{"keyword": "creme brulee"}).Expect(t, http.StatusOK)
	for _, ch := range a.Client.ScoreChecks(t, a.SiteID, id) {
		if ch.ID == "keyword_in_title" && ch.Points != 0 {
			t.Errorf("keyword_in_title: %d points for \"creme brulee\" in %q (%s)", ch.Points, nfd, ch.Detail)
		}
	}
}

// TestScoreCountsTheArticlesHTMLLinks: README, articles: body_markdown is
// "Markdown, rendered to body_html with GitHub-flavoured Markdown, raw
// HTML kept"; README, score: SEO checks include "links", GEO checks
// "site_citations" (score doc: "links, one of them to the site's own
// pages"). Defect: only Markdown links counted, so an article whose links
// are written as HTML anchors (<a href="...">, kept as they are and
// rendered as links a reader follows) was told "No links. Link to at
// least two pages, one of them on your site." and "No links to the site's
// own pages", and its seo_score lost the check's 10 points. An <a href>
// in the body's raw HTML now counts like a Markdown link: inline or in an
// HTML block, to the site's own pages when its address is on the site;
// one inside code is still text.
func TestScoreCountsTheArticlesHTMLLinks(t *testing.T) {
	_, a := testenv.StartQuietAccount(t) // website https://acme.com
	s := "/sites/" + a.SiteID
	body := "# Kettle care\n\nSee our <a href=\"https://acme.com/pricing\">pricing</a> and the " +
		"<a href='/guides/descaling' title=\"guide\">descaling guide</a>.\n\n" +
		"<p>Also read <a href=\"https://www.acme.com/blog/kettles\">the blog</a>.</p>\n\n" +
		"`<a href=\"https://other.example/x\">code</a>`\n"
	id := a.Client.Agent(t, "POST", s+"/articles", map[string]any{"title": "Kettle care", "keyword": "kettle care", "body_markdown": body}).
		Expect(t, http.StatusCreated).Article(t)["id"].(string)
	testenv.ExpectScoreChecks(t, a.Client.ScoreChecks(t, a.SiteID, id), 10, map[string]string{
		"links":          "3 links, 3 of them to the site's own pages.",
		"site_citations": "3 links to the site's own pages.",
	})
	fin := a.Client.Agent(t, "POST", s+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK).Article(t)
	var sc struct {
		Score struct{ SEO struct{ Score float64 } } `json:"score"`
	}
	a.Client.Agent(t, "GET", s+"/articles/"+id+"/score", nil).Expect(t, http.StatusOK).Decode(t, &sc)
	if fin["seo_score"] != sc.Score.SEO.Score {
		t.Errorf("seo_score %v, score's seo %v", fin["seo_score"], sc.Score.SEO.Score)
	}
}
