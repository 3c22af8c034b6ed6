package content

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestFinishedArticleScoreFollowsItsKeyword: a PATCH of a finished
// article's keyword re-scores it, so its seo_score stays the SEO score
// GET .../score answers (it used to keep the score of the old keyword).
func TestFinishedArticleScoreFollowsItsKeyword(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	path := "/sites/" + acct.SiteID + "/articles"
	body := "# Café crème at home\n\nCafé crème is coffee with cream, made at home in minutes.\n\n" +
		"## What café crème is\n\nA long espresso with cream.\n\n## Steps\n\n- Brew\n- Pour\n"
	a := create(t, c, acct.SiteID, map[string]any{"title": "Café crème at home", "keyword": "café crème", "body_markdown": body})
	c.Agent(t, "POST", path+"/"+a.ID+"/finish", nil).Expect(t, http.StatusOK)

	check := func(step string) {
		t.Helper()
		var got struct {
			Article struct {
				SEOScore *float64 `json:"seo_score"`
			}
		}
		c.Agent(t, "GET", path+"/"+a.ID, nil).Expect(t, http.StatusOK).Decode(t, &got)
		var sc struct {
			Score struct {
				SEO struct {
					Score  float64
					Checks []struct {
						ID     string
						Passed bool
					}
				}
			}
		}
		c.Agent(t, "GET", path+"/"+a.ID+"/score", nil).Expect(t, http.StatusOK).Decode(t, &sc)
		if got.Article.SEOScore == nil || *got.Article.SEOScore != sc.Score.SEO.Score {
			t.Fatalf("%s: article seo_score %v, score endpoint %v", step, got.Article.SEOScore, sc.Score.SEO.Score)
		}
	}
	check("finished")
	c.Agent(t, "PATCH", path+"/"+a.ID, map[string]any{"keyword": "espresso machines"}).Expect(t, http.StatusOK)
	check("keyword changed")
	c.Agent(t, "PATCH", path+"/"+a.ID, map[string]any{"keyword": nil}).Expect(t, http.StatusOK)
	check("keyword cleared")
}

// TestAccentedKeywordIsInTheSlug: the keyword_in_slug check folds the
// keyword as the slug folds the title.
func TestAccentedKeywordIsInTheSlug(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	a := create(t, acct.Client, acct.SiteID, map[string]any{"title": "Café crème at home", "keyword": "café crème"})
	var sc struct {
		Score struct {
			SEO struct {
				Checks []struct {
					ID     string
					Passed bool
					Detail string
				}
			}
		}
	}
	acct.Client.Agent(t, "GET", "/sites/"+acct.SiteID+"/articles/"+a.ID+"/score", nil).Expect(t, http.StatusOK).Decode(t, &sc)
	for _, ch := range sc.Score.SEO.Checks {
		if ch.ID == "keyword_in_slug" && !ch.Passed {
			t.Fatalf("keyword_in_slug failed for slug %q: %s", a.Slug, ch.Detail)
		}
	}
}
