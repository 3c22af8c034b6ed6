// Package score rates an article for search engines (SEO) and for answer
// engines (GEO: AI assistants that quote pages) by fixed, documented rules
// on its title, slug, description and Markdown body, so the same article
// always gets the same score. Each part is a list of checks worth points;
// a part's score is the share of its points earned, 0 to 100.
//
// SEO checks: keyword in the title, in the H1, in the intro and in a
// subheading; length; meta description length and keyword; slug; links,
// one of them to the site's own pages; at least three H2 sections.
//
// GEO checks: the intro answers the query first; the keyword is defined
// ("<keyword> is ..."); a FAQ; lists and tables; entity clarity (the brand
// is named, the topic named consistently); citations of the site's own
// pages; short sections.
package score
