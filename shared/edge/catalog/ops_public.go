package catalog

import (
	"net/http"

	"rvcontent/shared/edge/publicapi"
	"rvcontent/shared/edge/routes"
)

// errNoArticle is the public API's 404 (public spec 7); an {id} that is
// not a UUID answers 500, as its parameter says.
var errNoArticle = Error{Status: 404, When: "no finished article with that id on the key's site (\"Article not found\")"}

// publicOps are the public articles API (public-articles-api.md 4): a
// site key reads its site's finished articles and reports where they went
// live. Its errors are {error} (402 adds code), see Operation.Errors.
func publicOps() []Operation {
	const tag = "Public articles"
	return []Operation{
		{
			ID: "public_ping", API: PublicAPI, Method: http.MethodGet, Path: "/ping", Group: routes.Public, Tag: tag,
			Summary:     "validate the key",
			Description: "Checks the site key and returns the site's name, website and logo.",
			Status:      http.StatusOK, Response: pingShape(),
			Example: &Example{Response: map[string]any{
				"ok": true, "service": publicapi.ServiceName, "brand_name": "Acme Rockets", "website_url": "https://acme.com", "logo_url": nil,
			}},
		},
		{
			ID: "public_list_articles", API: PublicAPI, Method: http.MethodGet, Path: "/articles", Group: routes.Public, Tag: tag,
			Summary:     "list finished articles, oldest updated_at first",
			Description: "Lists the site's finished articles, oldest updated_at first. Pass next_since back as since for the next page; a page shorter than limit is the last one.",
			Query: []Field{
				timestamp("since", "Articles whose updated_at is later than this, read to the millisecond; pass next_since back exactly as received."),
				// No type: a limit that is no whole number (abc, 2.5) is read
				// as one rather than refused, so the document takes any value.
				{Name: "limit", Schema: &Schema{Description: "Articles per page: a whole number, 1 to 100 (values outside are brought into range); one when omitted or not a whole number.", Examples: []any{100}}},
				text("published", "false limits the list to articles with no live URL on file (any case); other values list everything.", 0, 0),
			},
			Status: http.StatusOK, Response: publicPageShape(),
			Fails: []Error{{Status: 400, When: "since cannot be read"}},
		},
		{
			ID: "public_get_article", API: PublicAPI, Method: http.MethodGet, Path: "/articles/{id}", Group: routes.Public, Tag: tag,
			Summary:     "one article",
			Description: "Returns one finished article of the site.",
			Status:      http.StatusOK, Response: one("article", publicArticleShape()),
			Fails: []Error{errNoArticle},
		},
		{
			ID: "public_report_live_url", API: PublicAPI, Method: http.MethodPatch, Path: "/articles/{id}", Group: routes.Public, Tag: tag,
			Summary:     "report the live URL",
			Description: "Records the public URL where the article went live; the URL must be on the site's website domain or its verified backlink domain. Repeating it with the same URL changes nothing.",
			Body:        []Field{link("published_url", "The article's public http(s) address on the site's own domain.", 0).required().example("https://acme.com/blog/model-rockets")},
			Status:      http.StatusOK, Response: one("article", publicArticleShape()),
			Fails: []Error{
				{Status: 400, When: "published_url is missing, not public http(s), or not on the site's own domain (the message says which)"},
				errNoArticle,
			},
			Example: &Example{Request: map[string]any{"published_url": "https://acme.com/blog/model-rockets"}},
		},
	}
}
