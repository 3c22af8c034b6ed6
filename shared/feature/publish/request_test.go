package publish

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/input"
)

func TestParseRequest(t *testing.T) {
	parse := func(body string) (Request, error) {
		o, err := input.Parse([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		return ParseRequest(o)
	}
	r, err := parse(`{"url": " https://acme.com/blog/x ", "destinations": ["push_platform_2", "push_platform_1", "push_platform_2"]}`)
	if err != nil || r.URL != "https://acme.com/blog/x" || !reflect.DeepEqual(r.Destinations, []string{"push_platform_2", "push_platform_1"}) {
		t.Fatalf("parsed %+v (%v)", r, err)
	}
	if r, err := parse(`{"published_url": "https://acme.com/blog/y"}`); err != nil || r.URL != "https://acme.com/blog/y" {
		t.Fatalf("published_url: %+v (%v)", r, err)
	}
	if r, err := parse(`{"url": "https://acme.com/a", "published_url": " https://acme.com/a"}`); err != nil || r.URL != "https://acme.com/a" {
		t.Fatalf("url and the same published_url: %+v (%v)", r, err)
	}
	if _, err := parse(`{"url": "https://acme.com/a", "published_url": "https://acme.com/b"}`); !apperr.Is(err, apperr.ValidationFailed) {
		t.Fatalf("url and another published_url: %v, want validation_failed", err)
	}
	for _, bad := range []string{`{}`, `{"url": ""}`, `{"destinations": []}`, `{"destinations": ["wordpress"]}`, `{"url": 3}`, `{"published_url": 3}`, `{"destinations": "push_platform_1"}`} {
		if _, err := parse(bad); !apperr.Is(err, apperr.ValidationFailed) {
			t.Errorf("%s: %v, want validation_failed", bad, err)
		}
	}
}

func TestParseRequestNamesOnlyWhatIsWrong(t *testing.T) {
	long := `{"url": "https://acme.com/` + strings.Repeat("a", MaxURL) + `"}`
	for body, want := range map[string][]apperr.Problem{
		long:                            {{Field: "url", Problem: "must be at most 2048 characters"}},
		`{"destinations": ["nowhere"]}`: {{Field: "destinations[0]", Problem: "must be one of push_platform_1, push_platform_2"}},
		`{}`:                            {{Field: "url", Problem: "is required: send url (the article's live address) and/or destinations (integration ids to push to)"}},
		`{"url": ""}`:                   {{Field: "url", Problem: "is required: send url (the article's live address) and/or destinations (integration ids to push to)"}},
	} {
		o, err := input.Parse([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		_, err = ParseRequest(o)
		var e *apperr.Error
		if !errors.As(err, &e) || !reflect.DeepEqual(e.Details, want) {
			t.Errorf("%.60s: %v, want %v", body, err, want)
		}
	}
}
