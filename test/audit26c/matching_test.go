package audit26c

import (
	"testing"
)

// TestRequesterIsMatchedWithAHostItCanAfford: a requester whose credits
// do not cover the best host's price is matched with a cheaper host that
// fits the target. README ("Backlink exchange", Credits): "A placement
// costs the host's tier in backlink credits, held from the requester at
// reservation"; Matching scores hosts by fit. Before the fix the matcher
// reserved only with the best-scoring host: when the requester could not
// pay that host's tier the target got no link at all, although a tier-1
// host with an article on the same topic was waiting.
func TestRequesterIsMatchedWithAHostItCanAfford(t *testing.T) {
	s := newStage(t)
	from := s.member(t, "from")
	sink := s.drain(t, from, 14) // 30 − 14×2: 2 left

	cheap := s.member(t, "cheap") // one article per topic: tier 1
	topic, odd := newTopic(), newTopic()
	cheap.hostOn(t, topic, map[string]any{"max_links_per_article": 2})
	cheap.publish(t, "Odd one", odd)
	from.AddTarget(t, "/odd", []string{odd}, nil)
	s.env.RunScheduled(t)
	if c := from.Credits(t); c[0] != 1 {
		t.Fatalf("requester credits after a tier-1 reservation: %v", c)
	}

	// The tier-2 sink's article on the topic scores as well as the tier-1
	// host's and wins on authority; the requester can pay only the latter.
	sink.publish(t, "Grinder guide", topic)
	cheapArticle := cheap.publish(t, "Grinder guide", topic)
	from.AddTarget(t, "/grinders", []string{topic}, nil)
	s.env.RunScheduled(t)
	got := from.placements(t, "direction=inbound&status=reserved")
	var found bool
	for _, p := range got {
		if p["target_url"] == "https://"+from.Host+"/grinders" {
			found = true
			if p["credits"] != 1.0 {
				t.Fatalf("placement with the host the requester could pay: %v", p)
			}
		}
	}
	if !found {
		t.Fatalf("no reservation for the target (balance 1, a tier-1 host on its topic): %v", from.Credits(t))
	}
	var onArticle int
	for _, h := range cheap.placements(t, "direction=hosted") {
		if h["host_article_id"] == cheapArticle {
			onArticle++
		}
	}
	if onArticle != 1 {
		t.Fatalf("%d placements on the tier-1 host's article, want 1", onArticle)
	}
	if c := from.Credits(t); c[0] != 0 {
		t.Fatalf("requester credits: %v", c)
	}
}
