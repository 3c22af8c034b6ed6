package input

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"rvcontent/shared/kernel/apperr"
)

func parse(t *testing.T, body string) *Object {
	t.Helper()
	o, err := Parse([]byte(body))
	if err != nil {
		t.Fatalf("Parse(%s): %v", body, err)
	}
	return o
}

// problems returns the "field: problem" lines of o's error.
func problems(o *Object) []string {
	var e *apperr.Error
	if !errors.As(o.Err(), &e) {
		return nil
	}
	var out []string
	for _, p := range e.Details {
		out = append(out, p.Field+": "+p.Problem)
	}
	return out
}

func TestParse(t *testing.T) {
	cases := []struct {
		name string
		body string
		code apperr.Code
	}{
		{"empty body", "", ""},
		{"blank body", "  \n", ""},
		{"null", "null", ""},
		{"object", `{"a":1}`, ""},
		{"not JSON", `{"a":`, apperr.BadRequest},
		{"array", `[1,2]`, apperr.BadRequest},
		{"string", `"x"`, apperr.BadRequest},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, err := Parse([]byte(c.body))
			if apperr.CodeOf(err) != c.code {
				t.Fatalf("Parse(%q) = %v, want code %q", c.body, err, c.code)
			}
			if err == nil && o == nil {
				t.Fatal("no object")
			}
		})
	}
}

func TestString(t *testing.T) {
	cases := []struct {
		name     string
		body     string
		required bool
		checks   []Check
		value    string
		ok       bool
		problem  string
	}{
		{"present", `{"f":" hi "}`, true, nil, "hi", true, ""},
		{"absent optional", `{}`, false, nil, "", false, ""},
		{"absent required", `{}`, true, nil, "", false, "f: is required"},
		{"null required", `{"f":null}`, true, nil, "", false, "f: is required"},
		{"blank required", `{"f":"  "}`, true, nil, "", false, "f: must not be empty"},
		{"not a string", `{"f":12}`, true, nil, "", false, "f: must be a string"},
		{"too long", `{"f":"abcd"}`, true, []Check{MaxLen(3)}, "", false, "f: must be at most 3 characters"},
		{"runes not bytes", `{"f":"ééé"}`, true, []Check{MaxLen(3)}, "ééé", true, ""},
		{"too short", `{"f":"a"}`, true, []Check{Len(2, 60)}, "", false, "f: must be 2 to 60 characters"},
		{"empty optional with min 1", `{"f":""}`, false, []Check{Len(1, 120)}, "", false, "f: must not be empty"},
		{"one of", `{"f":"b"}`, true, []Check{OneOf("a", "c")}, "", false, "f: must be one of a, c"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := parse(t, c.body)
			v, ok := o.String("f", c.required, c.checks...)
			if v != c.value || ok != c.ok {
				t.Fatalf("String = %q, %v; want %q, %v", v, ok, c.value, c.ok)
			}
			got := strings.Join(problems(o), "; ")
			if got != c.problem {
				t.Fatalf("problems = %q, want %q", got, c.problem)
			}
		})
	}
}

func TestNullableStringTellsAbsentNullAndSet(t *testing.T) {
	cases := []struct {
		body string
		want Field[string]
	}{
		{`{}`, Field[string]{}},
		{`{"f":null}`, Field[string]{Sent: true, Null: true}},
		{`{"f":"x"}`, Field[string]{Sent: true, Value: "x"}},
	}
	for _, c := range cases {
		t.Run(c.body, func(t *testing.T) {
			if got := parse(t, c.body).NullableString("f"); got != c.want {
				t.Fatalf("NullableString = %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestIntBoolStrings(t *testing.T) {
	o := parse(t, `{"i":5,"big":500,"frac":1.5,"s":"3","b":true,"bn":null,"bs":"yes","l":["a"," b "],"long":["a","b","c"],"bad":"x"}`)
	if v, ok := o.Int("i", true, 1, 10); v != 5 || !ok {
		t.Fatalf("Int(i) = %d, %v", v, ok)
	}
	o.Int("big", true, 1, 10)
	o.Int("frac", true, 1, 10)
	o.Int("s", true, 1, 10)
	o.Int("missing", true, 1, 10)
	if _, ok := o.Int("absent", false, 1, 10); ok {
		t.Fatal("absent optional int read as set")
	}
	if b := o.Bool("b"); !b.Sent || !b.Value {
		t.Fatalf("Bool(b) = %+v", b)
	}
	o.Bool("bn")
	o.Bool("bs")
	if l := o.Strings("l", 5); fmt.Sprint(l.Value) != "[a b]" {
		t.Fatalf("Strings(l) = %v", l.Value)
	}
	o.Strings("long", 2)
	o.Strings("bad", 2)
	want := []string{
		"big: must be between 1 and 10",
		"frac: must be an integer",
		"s: must be an integer",
		"missing: is required",
		"bn: must be true or false",
		"bs: must be true or false",
		"long: must have at most 2 items",
		"bad: must be an array of strings",
	}
	if got := problems(o); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("problems =\n%v\nwant\n%v", got, want)
	}
}

func TestNestedObjectPrefixesFields(t *testing.T) {
	cases := []struct {
		body string
		want []string
	}{
		{`{"agent":{"name":"x"}}`, []string{"agent.name: must be 2 to 60 characters"}},
		{`{}`, []string{"agent.name: is required"}},
		{`{"agent":null}`, []string{"agent.name: is required"}},
		{`{"agent":"bot"}`, []string{"agent: must be an object", "agent.name: is required"}},
		{`{"agent":{"name":"ok bot"}}`, nil},
	}
	for _, c := range cases {
		t.Run(c.body, func(t *testing.T) {
			o := parse(t, c.body)
			o.Object("agent").String("name", true, Len(2, 60))
			if got := problems(o); fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Fatalf("problems = %v, want %v", got, c.want)
			}
			if c.want == nil && o.Err() != nil {
				t.Fatalf("Err = %v, want nil", o.Err())
			}
		})
	}
}

func TestErrIsValidationFailed(t *testing.T) {
	o := parse(t, `{}`)
	o.String("a", true)
	o.String("b", true)
	if !apperr.Is(o.Err(), apperr.ValidationFailed) || len(problems(o)) != 2 {
		t.Fatalf("Err = %v, want validation_failed listing both fields", o.Err())
	}
}

func TestSingleAndMultiLine(t *testing.T) {
	for _, c := range []struct {
		s             string
		single, multi bool
	}{
		{"My agent", true, true},
		{"Café – 東京 🚀", true, true},
		{"x\r\nBcc: evil@example.net\u0000", false, false},
		{"one\ntwo", false, true},
		{"one\r\ntwo", false, true},
		{"one\rtwo", false, false},
		{"one\r\ntwo\r", false, false},
		{"tab\there", false, false},
		{"nul\x00", false, false},
		{"del\x7f", false, false},
		{"next line\u0085", false, false},
		{"csi\u009b", false, false},
		{"escape\x1b[31m", false, false},
		{"line\u2028sep", false, false},
		{"para\u2029sep", false, false},
		{"good\u202eevil", false, false},
		{"isolate\u2066x\u2069", false, false},
		{"عربي\u200ftext", true, true}, // a right-to-left mark is ordinary in right-to-left text
	} {
		if got := SingleLine(c.s) == ""; got != c.single {
			t.Errorf("SingleLine(%q) ok = %v, want %v", c.s, got, c.single)
		}
		if got := MultiLine(c.s) == ""; got != c.multi {
			t.Errorf("MultiLine(%q) ok = %v, want %v", c.s, got, c.multi)
		}
	}
}

func TestPlain(t *testing.T) {
	for in, want := range map[string]string{
		"  Acme   Rockets ":              "Acme Rockets",
		"Bidi\u202e Co":                  "Bidi Co",
		"good\u202eevil\u202c":           "goodevil",
		"a\tb\nc\u2028d\u2029e":          "a b c d e",
		"x\u0007y\u0085z\u2066w\u2069":   "xy zw",
		"caf\u00e9 \u200bok":             "caf\u00e9 \u200bok",
		"\u202a\u202b\u202d\u2067\u2068": "",
	} {
		got := Plain(in)
		if got != want {
			t.Errorf("Plain(%q) = %q, want %q", in, got, want)
		}
		if SingleLine(got) != "" {
			t.Errorf("Plain(%q) = %q, which SingleLine refuses", in, got)
		}
	}
}
