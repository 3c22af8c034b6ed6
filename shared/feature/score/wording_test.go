package score

import (
	"strings"
	"testing"
)

// TestDetailsReadAsSentences pins the counts in check details written as
// a person reads them: singular for one, never "link(s)".
func TestDetailsReadAsSentences(t *testing.T) {
	one := Input{
		Title: "Cast iron care", Slug: "cast-iron-care", Keyword: "cast iron",
		Body: "# Pans\n\nCast iron pans last. See [a pan](https://example.org/pan).\n\n## Care\n\n- Oil it\n- Dry it\n\n" + words(310) + "\n",
	}
	many := Input{
		Title: "Cast iron care", Slug: "cast-iron-care", Keyword: "cast iron",
		Body: "# Pans\n\nCast iron pans last; cast iron is heavy. See [a](https://example.org/a) and [b](https://example.org/b).\n\n" +
			"## Care\n\n- Oil it\n\n- Dry it\n\n1. Heat it\n\n" + words(310) + "\n\n## Use\n\n" + words(310) + "\n\n## More\n\n" + words(310) + "\n",
	}
	want := map[string]string{
		"one links":             "1 link, 0 to the site's own pages. Link to at least two pages, one of them on your site.",
		"one sections":          "1 H2 section. Split the article into at least three.",
		"one lists_and_tables":  "1 list and 0 tables. Answer engines quote lists and tables: use at least one of each.",
		"one entity_clarity":    "The site has no brand name to mention: set brand_name with PATCH /sites/{site_id}. The keyword appears once; name the topic the same way at least 3 times.",
		"one short_sections":    "1 section runs over 300 words. Split it with a subheading.",
		"many links":            "2 links, 0 to the site's own pages. Link to at least two pages, one of them on your site.",
		"many entity_clarity":   "The site has no brand name to mention: set brand_name with PATCH /sites/{site_id}. The keyword appears 2 times; name the topic the same way at least 3 times.",
		"many short_sections":   "3 sections run over 300 words. Split them with subheadings.",
		"many lists_and_tables": "2 lists and 0 tables. Answer engines quote lists and tables: use at least one of each.",
	}
	got := map[string]string{}
	for name, in := range map[string]Input{"one": one, "many": many} {
		s := Of(in)
		for _, c := range append(s.SEO.Checks, s.GEO.Checks...) {
			got[name+" "+c.ID] = c.Detail
			if strings.Contains(c.Detail, "(s)") {
				t.Errorf("%s %s: %q", name, c.ID, c.Detail)
			}
		}
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s:\n got %q\nwant %q", k, got[k], w)
		}
	}
}
