package audit25i

import (
	"net/http"
	"testing"
)

// TestLinkIsCheckedAtTheArticlesCurrentAddress: when the host records a
// new live URL for an article that carries a link, the link checks fetch
// the article at that address. README ("Backlink exchange"): "Link checks
// fetch host_url and look for an <a href> to the target"; spec 2
// Backlink placement: host_url is the host article's address, and
// host_article_id "the article carrying the link". Publishing again with
// a url is how an owner corrects an article's live address (README
// Publish). Before the fix host_url kept the address the article had when
// the link was placed: the checks fetched a page that was gone, and the
// link, live at the article's new address, expired as not_live (or a live
// one was lost, its credits taken back from the host).
func TestLinkIsCheckedAtTheArticlesCurrentAddress(t *testing.T) {
	p := newPair(t)
	p.env.RunScheduled(t) // reserved
	p.env.RunScheduled(t) // placed
	one(t, p.host.Placements(t, "direction=hosted&status=placed"))

	moved := "https://" + p.host.Host + "/blog/grinder-guide"
	p.host.API(t, "POST", "/sites/"+p.host.Site+"/articles/"+p.article+"/publish", map[string]any{"url": moved}).Expect(t, http.StatusOK)
	p.host.Web.Site(p.host.Host).Move(p.host.Acct.Client, p.host.Site, p.article, "/blog/grinder-guide")

	p.env.Advance(t, hour+60)
	p.env.RunScheduled(t)
	got := one(t, p.host.Placements(t, "direction=hosted"))
	if got["status"] != "live" || got["host_url"] != moved {
		t.Fatalf("placement after the article moved to %s: %v", moved, got)
	}
	if in := one(t, p.from.Placements(t, "direction=inbound")); in["host_url"] != moved {
		t.Fatalf("the requester's placement: %v", in)
	}
}
