package input

import (
	"fmt"
	"testing"
)

// TestEnumTakesValuesExactlyAsSent: an enum's value is not trimmed, as
// the OpenAPI documents' enums compare values exactly; other strings are.
func TestEnumTakesValuesExactlyAsSent(t *testing.T) {
	for body, want := range map[string]string{
		`{"s":"draft"}`: "[]", `{"s":" draft"}`: "[s: must be one of draft, publish]", `{"s":"draft\n"}`: "[s: must be one of draft, publish]",
		`{"s":null}`: "[]", `{"l":["a","b"]}`: "[]", `{"l":["a"," b"]}`: "[l[1]: must be one of a, b]",
	} {
		o := parse(t, body)
		o.Enum("s", "draft", "publish")
		o.Enums("l", 5, OneOf("a", "b"))
		if got := fmt.Sprint(problems(o)); got != want {
			t.Errorf("%s: problems %s, want %s", body, got, want)
		}
	}
	o := parse(t, `{"s":" draft ","l":[" a "]}`)
	if s, l := o.NullableString("s", OneOf("draft")), o.Strings("l", 5, OneOf("a")); s.Value != "draft" || l.Value[0] != "a" || o.Err() != nil {
		t.Errorf("trimmed reads: %+v %+v %v", s, l, o.Err())
	}
}

// TestRequiredEnum: a required enum is refused absent, null, empty or
// with spaces around its value.
func TestRequiredEnum(t *testing.T) {
	for body, want := range map[string]string{
		`{"s":"new"}`: "[]", `{}`: "[s: is required]", `{"s":null}`: "[s: is required]",
		`{"s":""}`: "[s: must be one of new, saved]", `{"s":" new"}`: "[s: must be one of new, saved]",
	} {
		o := parse(t, body)
		v, ok := o.RequiredEnum("s", "new", "saved")
		if got := fmt.Sprint(problems(o)); got != want || ok != (want == "[]") || ok && v != "new" {
			t.Errorf("%s: %q %v, problems %s, want %s", body, v, ok, got, want)
		}
	}
}
