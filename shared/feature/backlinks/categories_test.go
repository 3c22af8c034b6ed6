package backlinks

import "testing"

func TestCategories(t *testing.T) {
	cats := categoriesOf("Online casino reviews", "Bitcoin", "coffee")
	if !cats["gambling"] || !cats["crypto"] || len(cats) != 2 {
		t.Fatalf("categories %v", cats)
	}
	if !blocks([]string{"dating", "crypto"}, cats) || blocks([]string{"dating"}, cats) {
		t.Fatal("blocks")
	}
	if len(categoriesOf("gunmetal grey kitchen", "weedkiller")) != 0 {
		t.Fatal("parts of words must not count")
	}
}
