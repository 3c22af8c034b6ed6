package audit25i

import (
	"net/http"
	"testing"
)

// TestBlockedCategoryInAnchorsIsNotHosted: a host that blocks a category
// never carries a link whose anchor text or page address is in it.
// README ("Backlink exchange", Matching): "respecting blocked categories
// (a fixed word list)"; spec 4.7 blocked_categories lists what the site
// will not host. The anchor is the text written into the host's article
// and the URL is where it sends its readers, so they are what the host
// blocks. Before the fix only the requester's niche and topic tags were
// weighed: a target tagged with the host's topic but anchored "online
// casino bonus" on a /casino-bonus page was placed into an article of a
// host blocking gambling.
func TestBlockedCategoryInAnchorsIsNotHosted(t *testing.T) {
	p := newPair(t)
	p.host.BL(t, "PATCH", "", map[string]any{"blocked_categories": []string{"gambling"}}).Expect(t, http.StatusOK)
	p.from.BL(t, "DELETE", "/targets/"+p.targetID, nil).Expect(t, http.StatusOK)
	p.from.BL(t, "POST", "/targets", map[string]any{
		"url": "https://" + p.from.Host + "/casino-bonus", "topic_tags": []string{p.topic},
		"anchors": []string{"online casino bonus", "casino coffee nights", "poker and espresso"},
	}).Expect(t, http.StatusCreated)
	p.env.RunScheduled(t)
	if got := p.host.Placements(t, ""); len(got) != 0 {
		t.Fatalf("a host blocking gambling got casino links: %v", got)
	}

	// The same target without the category's words is matched.
	p.from.AddTarget(t, "/espresso", []string{p.topic}, nil)
	p.env.RunScheduled(t)
	if got := one(t, p.host.Placements(t, "")); got["target_url"] != "https://"+p.from.Host+"/espresso" {
		t.Fatalf("placement: %v", got)
	}
}
