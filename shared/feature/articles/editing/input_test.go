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
