package audit26c

import (
	"strings"
	"testing"
)

// TestQualifiedLinkIsNotLive: a link the host's page marks rel="nofollow",
// "sponsored" or "ugc" passes nothing to the requester, so it is not
// verified live and earns nothing. README ("Backlink exchange", Link
// checks): the checks "look for an <a href> to the target"; spec 4.7:
// "Credits settle only when a link is verified live". A link exchange
// trades links that count for the page they point to, and search engines
// count none of these three (a member's own CMS may add them to every
// outbound link). Before the fix any <a href> counted: the host was paid,
// and the requester's credits spent, for a nofollow link.
func TestQualifiedLinkIsNotLive(t *testing.T) {
	p := newPair(t, nil)
	p.run(t, 2) // reserved, placed
	one(t, p.host.placements(t, "direction=hosted&status=placed"))
	site := p.web.Site(p.host.Host)
	for i, rel := range []string{"nofollow", "Sponsored", "external ugc"} {
		site.Rewrite(p.article, func(page string) string {
			return strings.ReplaceAll(page, "<a ", `<a rel="`+rel+`" `)
		})
		p.env.Advance(t, []float64{hour + 60, 6 * hour, 6 * hour}[i])
		p.env.RunScheduled(t)
		if got := one(t, p.host.placements(t, "direction=hosted")); got["status"] != "placed" {
			t.Fatalf("a link with rel=%q counted as live: %v", rel, got)
		}
		if c := p.host.Credits(t); c != [4]int{30, 0, 0, 0} {
			t.Fatalf("host credits for a rel=%q link: %v", rel, c)
		}
	}

	// The same link without the attribute is live and settles.
	site.Rewrite(p.article, nil)
	p.env.Advance(t, 6*hour)
	p.env.RunScheduled(t)
	if got := one(t, p.host.placements(t, "direction=hosted")); got["status"] != "live" {
		t.Fatalf("a plain link: %v", got)
	}
	if c := p.host.Credits(t); c != [4]int{31, 0, 1, 0} {
		t.Fatalf("host credits for a live link: %v", c)
	}
}
