package keywords

import (
	"sort"
	"strings"
	"testing"

	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// TestSortOrder: highest volume first, then by name as written: a name
// comes before the longer names it begins, whatever character follows.
func TestSortOrder(t *testing.T) {
	var list []Keyword
	for _, n := range []string{"zq-b", "zq!", "zq a", "zq", "big"} {
		v := 7
		if n == "big" {
			v = 8
		}
		list = append(list, Keyword{ID: ids.Sortable(), Name: n, SearchVolume: v})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].sortKey() < list[j].sortKey() })
	var got []string
	for _, k := range list {
		got = append(got, k.Name)
		if !validSortKey(k.sortKey()) {
			t.Errorf("sortKey of %q is not valid", k.Name)
		}
	}
	if want := "big,zq,zq a,zq!,zq-b"; strings.Join(got, ",") != want {
		t.Fatalf("order %v, want %s", got, want)
	}
}

// TestValidSortKey: a keyword list's cursor holds a sort key and nothing
// else; another list's cursor or a made-up one is refused.
func TestValidSortKey(t *testing.T) {
	id := ids.Sortable()
	for _, bad := range []string{"", "x", "0000000999999280#crm#" + id, "000000099999928\x00crm\x00" + id,
		"000000099999928a\x00crm\x00" + id, "0000000999999280\x00crm\x00not-an-id", "0000000999999280\x00" + id} {
		if validSortKey(bad) {
			t.Errorf("validSortKey(%q) = true", bad)
		}
	}
	if !validSortKey("0000000999999280\x00crm \x00 tools\x00" + id) {
		t.Error("a valid key is refused")
	}
	// What List decodes: a cursor of this list only.
	good := dynamo.EncodeCursor(dynamo.Cursor{"k": Keyword{ID: id, Name: "crm", SearchVolume: 5}.sortKey()})
	if c, err := dynamo.DecodeCursor(good); err != nil || len(c) != 1 || !validSortKey(c["k"]) {
		t.Fatalf("own cursor %v %v", c, err)
	}
}
