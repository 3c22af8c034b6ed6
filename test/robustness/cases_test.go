package robustness

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"rvcontent/shared/edge/catalog"
	"rvcontent/shared/edge/routes"
)

// raw is a JSON value sent exactly as written (numbers JSON cannot hold,
// invalid UTF-8).
type raw string

// variant is one bad value of a field.
type variant struct {
	name  string
	value any // a Go value to encode, or raw
}

// megabyte is a string that keeps a body just under the 1 MB limit.
var megabyte = strings.Repeat("a", (1<<20)-4096)

// badValues returns the bad values of a field with schema s: wrong types,
// out-of-range and over-long values, control characters, invalid UTF-8.
func badValues(s *catalog.Schema) []variant {
	common := []variant{{"null", nil}, {"object", map[string]any{"x": 1}}, {"nested array", []any{[]any{}}}}
	if s == nil {
		return common
	}
	var v []variant
	switch s.Type {
	case "string":
		v = append(v,
			variant{"number", 42}, variant{"huge number", raw("1e309")}, variant{"boolean", true}, variant{"array", []any{"a"}},
			variant{"empty", ""}, variant{"blank", "   "},
			variant{"1 MB", megabyte},
			variant{"NUL", "a\x00b"}, variant{"control characters", "a\x07\x1b[31mb\r\nc"},
			variant{"bidi override", "abc\u202edcba"}, variant{"line separator", "a\u2028b"},
			variant{"invalid UTF-8", raw(`"a\xff\xfeb"`)}, variant{"lone surrogate", raw(`"a\ud800b"`)},
			variant{"unicode", "ça ✓ 日本語 🚀"},
		)
		if s.MaxLength != nil {
			v = append(v, variant{"over maxLength", strings.Repeat("x", *s.MaxLength+1)},
				variant{"over maxLength in runes", strings.Repeat("é", *s.MaxLength+1)})
		}
		if len(s.Enum) > 0 {
			v = append(v, variant{"not in enum", "bogus-value"}, variant{"enum upper case", strings.ToUpper(s.Enum[0]) + "X"})
		}
		switch s.Format {
		case "uri":
			v = append(v, variant{"javascript URL", "javascript:alert(1)"}, variant{"broken URL", "http://[::1"},
				variant{"loopback URL", "http://127.0.0.1:1/x"}, variant{"no scheme", "acme.com/x"},
				variant{"URL with NUL", "https://acme.com/\x00"}, variant{"long URL", "https://acme.com/" + strings.Repeat("a", 5000)})
			for i, u := range trickyURLs {
				v = append(v, variant{fmt.Sprintf("tricky URL %d", i), u})
			}
		case "date":
			v = append(v, variant{"impossible date", "2026-13-45"}, variant{"not a date", "tomorrow"},
				variant{"year 99999", "99999-01-01"})
		case "date-time":
			v = append(v, variant{"impossible time", "2026-13-45T25:61:00Z"})
		case "email":
			v = append(v, variant{"not an email", "no-at-sign"})
		}
		if s.Pattern != "" {
			v = append(v, variant{"off pattern", "!!"})
		}
	case "integer", "number":
		v = append(v,
			variant{"string", "5"}, variant{"boolean", true}, variant{"array", []any{1}},
			variant{"1e309", raw("1e309")}, variant{"-1e309", raw("-1e309")}, variant{"1e20", raw("1e20")},
			variant{"beyond int64", raw("99999999999999999999999")}, variant{"-1", -1}, variant{"0", 0},
			variant{"min int64", int64(math.MinInt64)}, variant{"max float", raw("1.7976931348623157e308")},
			variant{"exponent", raw("1e2")}, variant{"negative zero", raw("-0")},
		)
		if s.Type == "integer" {
			v = append(v, variant{"1.5", 1.5})
		}
		if s.Minimum != nil {
			v = append(v, variant{"below minimum", *s.Minimum - 1})
		}
		if s.Maximum != nil {
			v = append(v, variant{"above maximum", *s.Maximum + 1})
		}
	case "boolean":
		v = append(v, variant{"string", "true"}, variant{"number", 1}, variant{"array", []any{true}})
	case "array":
		v = append(v, variant{"string", "a,b"}, variant{"number", 1}, variant{"array of nulls", []any{nil}},
			variant{"array of objects", []any{map[string]any{}}}, variant{"array of numbers", []any{1, 2}},
			variant{"10,000 items", manyItems(s.Items, 10000)})
		if s.MaxItems != nil {
			v = append(v, variant{"over maxItems", manyItems(s.Items, *s.MaxItems+1)})
		}
		if s.Items != nil {
			for _, iv := range badValues(s.Items) {
				if iv.name == "1 MB" {
					continue
				}
				v = append(v, variant{"item " + iv.name, rawArray(iv.value)})
			}
		}
	case "object":
		v = append(v, variant{"string", "x"}, variant{"array", []any{}}, variant{"number", 1})
		for _, p := range s.Props {
			for _, pv := range badValues(p.Schema) {
				if pv.name == "1 MB" {
					continue
				}
				v = append(v, variant{p.Name + " " + pv.name, rawObject(p.Name, pv.value)})
			}
		}
	}
	return append(v, common...)
}

// trickyURLs are addresses whose host, port or form is odd: each must be
// refused or read right, never fail the service.
var trickyURLs = []string{
	"https://acme.com:99999/x", "https://acme.com:-1/x", "https://acme.com:/x", "https://acme.com./x", "https://ACME.COM/X",
	"https://xn--acm-.com/x", "https://acmé.com/x", "https://[::ffff:127.0.0.1]/x", "https://0x7f.0.0.1/x", "https://2130706433/x",
	"https://acme.com@evil.example.com/x", "https://evil.example.com#@acme.com", "https://acme.com%00.evil.example.com/x",
	"https://acme.com%2F@evil.example.com/x", "https://" + strings.Repeat("a", 64) + ".com/x", "https://" + strings.Repeat("a.", 130) + "com/x",
	"https:acme.com/x", "https:///x", "//acme.com/x", "HTTPS://acme.com/x", "https://acme.com/%zz", "https://acme.com/\u202e",
	"https://user:pass@acme.com/x", "https://acme.com/x?" + strings.Repeat("q=1&", 500), "http://localhost./x", "http://169.254.169.254/latest",
	"https://www.www.acme.com/x", "https://sub.acme.com/x#frag", "ftp://acme.com/x", "https://acme.com\\@evil.example.com/",
}

// manyItems is an array of n valid-looking items of schema item.
func manyItems(item *catalog.Schema, n int) []any {
	out := make([]any, n)
	for i := range out {
		switch {
		case item != nil && len(item.Enum) > 0:
			out[i] = item.Enum[i%len(item.Enum)]
		case item != nil && item.Type == "integer":
			out[i] = i
		default:
			out[i] = fmt.Sprintf("item %d", i)
		}
	}
	return out
}

// encode writes v as JSON, a raw value as it is.
func encode(v any) string {
	if r, ok := v.(raw); ok {
		return string(r)
	}
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// rawArray is a one-item array of v.
func rawArray(v any) raw { return raw("[" + encode(v) + "]") }

// rawObject is an object of one field name with value v.
func rawObject(name string, v any) raw { return raw("{" + encode(name) + ":" + encode(v) + "}") }

// baseBody returns the fields of op's example request: a valid body to
// break one field of.
func baseBody(op catalog.Operation) map[string]any {
	out := map[string]any{}
	if op.Example != nil {
		if m, ok := op.Example.Request.(map[string]any); ok {
			for k, v := range m {
				out[k] = v
			}
		}
	}
	return out
}

// bodyWith renders base with field name set to v (raw values kept raw),
// fields in a fixed order.
func bodyWith(base map[string]any, name string, v any) string {
	parts := []string{encode(name) + ":" + encode(v)}
	for _, k := range sortedKeys(base) {
		if k != name {
			parts = append(parts, encode(k)+":"+encode(base[k]))
		}
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// sortedKeys returns m's keys in order.
func sortedKeys(m map[string]any) []string { return slices.Sorted(maps.Keys(m)) }

// wholeBodies are bodies every endpoint that reads one must refuse (or
// read as empty, for null) with the spec's error.
func wholeBodies() []probe {
	return []probe{
		{name: "invalid JSON", body: `{"a":`},
		{name: "trailing garbage", body: `{} {}`},
		{name: "array", body: `[]`},
		{name: "array of objects", body: `[{"a":1}]`},
		{name: "string", body: `"text"`},
		{name: "number", body: `42`},
		{name: "huge number", body: `1e309`},
		{name: "boolean", body: `true`},
		{name: "null", body: `null`},
		{name: "invalid UTF-8", body: []byte("{\"a\":\"\xff\xfe\"}")},
		{name: "NUL outside a string", body: []byte("{\"a\":1}\x00")},
		{name: "BOM", body: []byte("\xef\xbb\xbf{}")},
		{name: "deeply nested", body: strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000)},
		{name: "deep array", body: `{"a":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`},
		{name: "over 1 MB", body: `{"a":"` + strings.Repeat("a", 1<<20) + `"}`},
		{name: "text/plain", body: `{}`, headers: []string{"Content-Type: text/plain"}},
		{name: "form", body: `a=1&b=2`, headers: []string{"Content-Type: application/x-www-form-urlencoded"}},
		{name: "multipart", body: "--x\r\n\r\n--x--", headers: []string{"Content-Type: multipart/form-data; boundary=x"}},
		{name: "malformed Content-Type", body: `{}`, headers: []string{"Content-Type: ;;;=="}},
		{name: "unknown fields", body: `{"zzz_unknown":1,"__proto__":{"x":1}}`},
		{name: "Idempotency-Key too long", body: `{}`, headers: []string{"Idempotency-Key: " + strings.Repeat("k", 256)}},
		{name: "Idempotency-Key control characters", body: `{}`, headers: []string{"Idempotency-Key: a\tb"}},
		{name: "Idempotency-Key non-ASCII", body: `{}`, headers: []string{"Idempotency-Key: cl\xc3\xa9\xff"}},
	}
}

// bodyProbes are op's body battery: whole bodies, then each field of its
// schema broken in turn (the rest of the example body kept valid), a
// duplicate key per field.
func bodyProbes(op catalog.Operation, path string) []probe {
	if op.Method == http.MethodGet {
		return nil
	}
	var out []probe
	for _, p := range wholeBodies() {
		p.method, p.path = op.Method, path
		out = append(out, p)
	}
	base := baseBody(op)
	for _, f := range op.Body {
		for _, v := range badValues(f.Schema) {
			out = append(out, probe{name: "body " + f.Name + ": " + v.name, method: op.Method, path: path, body: bodyWith(base, f.Name, v.value)})
		}
		dup := `{` + encode(f.Name) + `:"first",` + encode(f.Name) + `:{"second":[1e309]}}`
		out = append(out, probe{name: "body " + f.Name + ": duplicate key", method: op.Method, path: path, body: dup})
	}
	return out
}

// junkCursors are cursors no list issued: made up, valid base64 of JSON
// or of bytes that are no cursor, broken encodings, a very long one.
var junkCursors = []string{
	"garbage",
	base64.RawURLEncoding.EncodeToString([]byte(`{"pk":"ACCT#x","sk":"JOB#y"}`)),
	base64.StdEncoding.EncodeToString([]byte("\xff\xfe junk \x00")),
	base64.RawURLEncoding.EncodeToString([]byte(strings.Repeat("z", 3000))),
	"%00", "%FF%FE", "====", strings.Repeat("A", 10000),
}

// queryValues returns bad values (already percent-encoded) of a query
// parameter with schema s.
func queryValues(name string, s *catalog.Schema) []string {
	v := []string{"", "%00", "%FF", "%zz", "a%0Ab%0D", url.QueryEscape("ça ✓ 🚀"), strings.Repeat("q", 10000), "1;2", "%E2%80%AE"}
	if name == "cursor" {
		v = append(v, junkCursors...)
	}
	if s == nil {
		return v
	}
	switch s.Type {
	case "integer", "number":
		v = append(v, "abc", "-1", "0", "1.5", "1e309", "-1e309", "100000", "99999999999999999999", "0x10", "+5", "%205", "NaN", "Infinity")
	case "boolean":
		v = append(v, "maybe", "2", "TRUE")
	case "array":
		v = append(v, "bogus", ",,,", strings.Repeat("x,", 5000))
		if s.Items != nil && len(s.Items.Enum) > 0 {
			// Valid values, repeated: a filter of thousands of operands.
			v = append(v, strings.Repeat(s.Items.Enum[0]+",", 10000))
		}
	case "string":
		if len(s.Enum) > 0 {
			v = append(v, "bogus")
		}
		v = append(v, "9999-12-31T23:30:00-01:00", "0000-01-01T00:00:00%2B01:00", "2026-13-45", "yesterday")
	}
	return v
}

// queryProbes are op's query battery: unknown and repeated parameters and
// bad values of each declared one. Only reads get them: a write would run
// with a query it ignores.
func queryProbes(op catalog.Operation, path string) []probe {
	if op.Method != http.MethodGet {
		return nil
	}
	out := []probe{
		{name: "unknown query parameter", method: op.Method, path: path + "?zzz_unknown=1&%00=%00"},
		{name: "query with ;", method: op.Method, path: path + "?a=1;b=2"},
		{name: "broken percent-encoding in a name", method: op.Method, path: path + "?%zz=1"},
	}
	for _, f := range op.Query {
		for _, v := range queryValues(f.Name, f.Schema) {
			out = append(out, probe{name: "query " + f.Name + "=" + clip(v), method: op.Method, path: path + "?" + f.Name + "=" + v})
		}
		out = append(out, probe{name: "query " + f.Name + " repeated", method: op.Method, path: path + "?" + f.Name + "=1&" + f.Name + "=2"})
	}
	return out
}

// badIDs are path parameter values that name nothing, as they appear in
// the URL (percent-encoded oddities included).
var badIDs = []string{
	"not-a-uuid", strings.Repeat("x", 1100), "%00", "%2F", "..", "a%2Fb", "%C3%A9", "🚀", "%FF", "%0A",
	"0190F5B4-0000-7000-8000-000000000000", "0190f5b4-0000-7000-8000-000000000000%00", "%7Bsite_id%7D", "PUSH_PLATFORM_1",
}

// pathProbes are the route's path battery: each parameter in turn set to
// each bad id, the others the fixture's own.
func pathProbes(f *fixture, method, routePath string) []probe {
	var out []probe
	for _, name := range (routes.Route{Path: routePath}).Params() {
		for _, bad := range badIDs {
			p := f.path(method, routePath, map[string]string{name: bad})
			var body any
			if method != http.MethodGet {
				body = `{}`
			}
			out = append(out, probe{name: "path " + name + "=" + clip(bad), method: method, path: p, body: body})
		}
	}
	return out
}

// probesOf is every probe of op.
func probesOf(f *fixture, op catalog.Operation) []probe {
	path := f.path(op.Method, op.FullPath(), nil)
	out := bodyProbes(op, path)
	out = append(out, queryProbes(op, path)...)
	out = append(out, pathProbes(f, op.Method, op.FullPath())...)
	out = append(out, largestProbes(op, path)...)
	errs := op.Errors()
	for i := range out {
		out[i].errs = errs
	}
	return out
}

// largest returns the largest value schema s allows, wide characters
// included (a limit in characters is up to four times as many bytes).
func largest(s *catalog.Schema) any {
	if s == nil {
		return nil
	}
	switch s.Type {
	case "string":
		switch {
		case len(s.Enum) > 0:
			return s.Enum[0]
		case s.Format == "uri":
			n := 2048
			if s.MaxLength != nil {
				n = *s.MaxLength
			}
			return "https://acme.com/" + strings.Repeat("a", max(0, n-len("https://acme.com/")))
		case s.Format == "date":
			return "2026-12-31"
		case s.Format != "" || s.Pattern != "":
			return nil
		}
		n := 5000
		if s.MaxLength != nil {
			n = *s.MaxLength
		}
		return strings.Repeat("🚀", n)
	case "integer", "number":
		if s.Maximum != nil {
			return *s.Maximum
		}
		return math.MaxInt32
	case "boolean":
		return true
	case "array":
		n := 100
		if s.MaxItems != nil {
			n = *s.MaxItems
		}
		item := largest(s.Items)
		out := make([]any, n)
		for i := range out {
			if str, ok := item.(string); ok && len(s.Items.Enum) == 0 {
				// Distinct items, for lists that drop repeats.
				r := []rune(str)
				r[len(r)-1] = rune('a' + i%26)
				if i >= 26 {
					r[0] = rune('a' + (i/26)%26)
				}
				out[i] = string(r)
			} else {
				out[i] = item
			}
		}
		return out
	case "object":
		m := map[string]any{}
		for _, p := range s.Props {
			if v := largest(p.Schema); v != nil {
				m[p.Name] = v
			}
		}
		return m
	}
	return nil
}

// largestProbes are op's largest bodies: every field at its largest at
// once, and each field at its largest in the example body.
func largestProbes(op catalog.Operation, path string) []probe {
	if len(op.Body) == 0 {
		return nil
	}
	all := map[string]any{}
	base := baseBody(op)
	var out []probe
	for _, f := range op.Body {
		v := largest(f.Schema)
		if v == nil {
			continue
		}
		all[f.Name] = v
		out = append(out, probe{name: "largest " + f.Name, method: op.Method, path: path, body: bodyWith(base, f.Name, v)})
	}
	b, _ := json.Marshal(all)
	return append(out, probe{name: "every field at its largest", method: op.Method, path: path, body: string(b)})
}

// otherMethods are methods no route of the APIs has.
var otherMethods = []string{"PUT", "HEAD", "OPTIONS", "TRACE", "PROPFIND", "CONNECT_", "get"}

// methodProbes send op's path with methods it does not take.
func methodProbes(op catalog.Operation, path string) []probe {
	var out []probe
	for _, m := range otherMethods {
		out = append(out, probe{name: "method " + m, method: m, path: path, body: `{}`})
	}
	return out
}
