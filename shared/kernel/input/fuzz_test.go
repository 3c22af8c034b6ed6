package input

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzObject reads arbitrary bodies field by field with the rules features
// use. A body is refused only when it is not a JSON object (an empty body
// and null read as an empty one) or would be read otherwise than as sent
// (see TestAmbiguousBodies); every value
// read as valid keeps its rule (trimmed, within its length, no control
// character but the line breaks multi-line text allows, integers within
// bounds), and every problem names a field that was read.
func FuzzObject(f *testing.F) {
	for _, s := range []string{
		``, `null`, `{}`, `[]`, `"x"`, `{"a": " Acme ", "b": "one\ntwo", "c": 3, "d": true, "e": ["x", "y"], "f": {"g": "h"}}`,
		`{"a": "x\r\nBcc: evil@example.net\u0000"}`, `{"a": null, "b": null, "c": 1.5, "d": "yes", "e": "no", "f": []}`,
		`{"c": 1e300, "e": ["` + strings.Repeat("z", 60) + `"]}`, `{"a": "\u0085", "b": "\t", "f": {"g": "\ud800"}}`,
	} {
		f.Add([]byte(s))
	}
	known := map[string]bool{"a": true, "b": true, "c": true, "d": true, "e": true, "f": true, "f.g": true}
	f.Fuzz(func(t *testing.T, body []byte) {
		o, err := Parse(body)
		var probe any
		isObject := len(strings.TrimSpace(string(body))) == 0 || (utf8.Valid(body) && json.Unmarshal(body, &probe) == nil && (probe == nil || isMap(probe)) && unambiguous(body) == nil)
		if (err == nil) != isObject {
			t.Fatalf("Parse(%q) err = %v, but the body is an object: %v", body, err, isObject)
		}
		if err != nil {
			return
		}
		a, okA := o.String("a", true, SingleLine, Len(1, 50))
		b := o.NullableString("b", MultiLine, MaxLen(100))
		c, okC := o.Int("c", false, -5, 5)
		o.Bool("d")
		e := o.Strings("e", 3, SingleLine, Len(1, 40))
		sub := o.Object("f")
		g, okG := sub.String("g", false, SingleLine)
		if okA && (a != strings.TrimSpace(a) || SingleLine(a) != "" || utf8.RuneCountInString(a) < 1 || utf8.RuneCountInString(a) > 50) {
			t.Fatalf("a = %q accepted", a)
		}
		if b.Sent && !b.Null && o.ok("b") && (MultiLine(b.Value) != "" || strings.IndexFunc(b.Value, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\r' }) >= 0) {
			t.Fatalf("b = %q accepted", b.Value)
		}
		if okC && (c < -5 || c > 5) {
			t.Fatalf("c = %d accepted", c)
		}
		if okG && SingleLine(g) != "" {
			t.Fatalf("f.g = %q accepted", g)
		}
		err = o.Err()
		if len(*o.problems) == 0 != (err == nil) {
			t.Fatalf("problems %v but Err() = %v", *o.problems, err)
		}
		for _, p := range *o.problems {
			name, _, _ := strings.Cut(p.Field, "[")
			if !known[name] || p.Problem == "" {
				t.Fatalf("problem %+v names no field read", p)
			}
		}
		if e.Sent && !e.Null && o.ok("e") {
			for i, v := range e.Value {
				if SingleLine(v) != "" && o.ok("e["+strconv.Itoa(i)+"]") {
					t.Fatalf("e[%d] = %q accepted", i, v)
				}
			}
		}
	})
}

func isMap(v any) bool { _, ok := v.(map[string]any); return ok }
