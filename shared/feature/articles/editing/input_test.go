package editing

import (
	"reflect"
	"testing"

	"rvcontent/shared/kernel/input"
)

func TestTagsDropDuplicatesIgnoringCase(t *testing.T) {
	o, err := input.Parse([]byte(`{"title": "T", "tags": ["Rockets", "rockets", " Schools ", "ROCKETS", "schools", "kits"]}`))
	if err != nil {
		t.Fatal(err)
	}
	d, err := ParseDraft(o)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Rockets", "Schools", "kits"}; !reflect.DeepEqual(d.Tags, want) {
		t.Fatalf("tags %q, want %q", d.Tags, want)
	}
}

// TestTagLimitCountsTagsKept: the 10 are counted once duplicates are
// dropped.
func TestTagLimitCountsTagsKept(t *testing.T) {
	for body, ok := range map[string]bool{
		`{"title": "T", "tags": ["a","b","c","d","e","f","g","h","i","j","A","J"]}`: true,
		`{"title": "T", "tags": ["a","b","c","d","e","f","g","h","i","j","k"]}`:     false,
	} {
		o, err := input.Parse([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		d, err := ParseDraft(o)
		if (err == nil) != ok || ok && len(d.Tags) != 10 {
			t.Errorf("%s: tags %q, err %v; want ok %v", body, d.Tags, err, ok)
		}
	}
}
