package audit21c

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// rewrite-section's section is any heading of the body, setext ones
// (text underlined with = or -) included: the score already reads them as
// the article's H1 and subheadings and names them in its details. Before
// the fix only "#" headings were found, so the heading the score named
// answered 422 "is not a heading of the article's body".
func TestRewriteSectionFindsSetextHeadings(t *testing.T) {
	env := testenv.Shared(t)
	acct := emptySite(t, env)
	c := acct.Client
	a := create(t, acct, map[string]any{
		"title": "Setext guide", "keyword": "setext",
		"body_markdown": "Setext guide\n============\n\nSetext is a heading style.\n\nWhy setext\n----------\n\nBecause it reads well.\n\n## Last\n\nThe end.\n",
	})
	path := "/sites/" + acct.SiteID + "/articles/" + a.ID

	var sc struct {
		Score struct {
			SEO struct {
				Checks []struct {
					ID     string `json:"id"`
					Passed bool   `json:"passed"`
					Detail string `json:"detail"`
				} `json:"checks"`
			} `json:"seo"`
		} `json:"score"`
	}
	c.Agent(t, "GET", path+"/score", nil).Expect(t, http.StatusOK).Decode(t, &sc)
	for _, ch := range sc.Score.SEO.Checks {
		if ch.ID == "keyword_in_subheading" && (!ch.Passed || ch.Detail != `The subheading "Why setext" uses the keyword.`) {
			t.Fatalf("score's keyword_in_subheading = %+v", ch)
		}
	}

	var out struct {
		Article struct {
			BodyMarkdown string `json:"body_markdown"`
		} `json:"article"`
		Rewrite struct {
			Section *string `json:"section"`
			Before  string  `json:"before"`
			Applied bool    `json:"applied"`
		} `json:"rewrite"`
	}
	c.Agent(t, "POST", path+"/rewrite-section", map[string]any{"section": "Why setext", "apply": false}).Expect(t, http.StatusOK).Decode(t, &out)
	if out.Rewrite.Section == nil || *out.Rewrite.Section != "Why setext" || out.Rewrite.Before != "Because it reads well." || out.Rewrite.Applied {
		t.Fatalf("rewrite = %+v", out.Rewrite)
	}
	c.Agent(t, "POST", path+"/rewrite-section", map[string]any{"section": "Setext guide", "apply": false}).Expect(t, http.StatusOK).Decode(t, &out)
	if out.Rewrite.Before != "Setext is a heading style.\n\nWhy setext\n----------\n\nBecause it reads well.\n\n## Last\n\nThe end." {
		t.Fatalf("the H1's section = %q", out.Rewrite.Before)
	}
	c.Agent(t, "POST", path+"/rewrite-section", map[string]any{"section": "Not there"}).Expect(t, http.StatusUnprocessableEntity)
}
