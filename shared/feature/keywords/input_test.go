package keywords

import (
	"errors"
	"reflect"
	"testing"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/input"
)

func TestParseDraft(t *testing.T) {
	o, err := input.Parse([]byte(`{"name": " CRM  for Agencies ", "intent": "TRANSACTIONAL", "search_volume": 12, "tag": "  ", "trend": "declining"}`))
	if err != nil {
		t.Fatal(err)
	}
	d, err := ParseDraft(o)
	if err != nil {
		t.Fatal(err)
	}
	intent := "Transactional"
	if want := (Draft{Name: "crm for agencies", Intent: &intent, SearchVolume: 12, Trend: "Declining"}); !reflect.DeepEqual(d, want) {
		t.Fatalf("got %+v, want %+v", d, want)
	}

	o, _ = input.Parse([]byte(`{"name": " a ", "intent": 3, "search_volume": 1e10, "trend": "Up"}`))
	_, err = ParseDraft(o)
	var e *apperr.Error
	if !errors.As(err, &e) || len(e.Details) != 4 {
		t.Fatalf("error %v", err)
	}
	for _, name := range []string{`"crm\tfor agencies"`, `"crm\nagencies"`, `"crm\u0085agencies"`, `"crm\u0007agencies"`} {
		o, _ = input.Parse([]byte(`{"name": ` + name + `}`))
		if _, err := ParseDraft(o); !apperr.Is(err, apperr.ValidationFailed) {
			t.Errorf("name %s: %v, want validation_failed", name, err)
		}
	}
	if _, err := ParseSource("library"); err != nil {
		t.Fatal(err)
	}
	if _, err := ParseSource("Library"); !apperr.Is(err, apperr.ValidationFailed) {
		t.Fatalf("ParseSource(Library) = %v", err)
	}
}
