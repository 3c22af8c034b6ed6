// Package input reads JSON request bodies field by field and collects every
// problem, so one validation_failed answer lists all invalid fields at once.
// It tells apart a field that is absent, sent as null, or sent with a value,
// which PATCH needs.
package input

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"rvcontent/shared/kernel/apperr"
)

// Object is a JSON object being read. Problems found while reading are
// collected and reported by Err.
type Object struct {
	prefix   string
	fields   map[string]json.RawMessage
	problems *[]apperr.Problem
}

// Parse reads body as a JSON object. An empty body, or the JSON literal
// null, is an empty object. A body that is not JSON, or not an object, is a
// bad_request error; so is one that would be read otherwise than as sent
// (half a surrogate pair escaped, a field named twice: see unambiguous).
func Parse(body []byte) (*Object, error) {
	o := &Object{fields: map[string]json.RawMessage{}, problems: &[]apperr.Problem{}}
	if len(bytes.TrimSpace(body)) == 0 {
		return o, nil
	}
	if !json.Valid(body) {
		return nil, apperr.New(apperr.BadRequest, "The request body is not valid JSON.")
	}
	if !utf8.Valid(body) {
		return nil, apperr.New(apperr.BadRequest, "The request body is not valid JSON: it is not UTF-8 text.")
	}
	if err := unambiguous(body); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(body, &o.fields); err != nil {
		return nil, apperr.New(apperr.BadRequest, "The request body must be a JSON object.")
	}
	if o.fields == nil {
		// The JSON literal null: what many clients send for "no body"
		// (json.Marshal(nil), JSON.stringify(null)), read as no fields.
		o.fields = map[string]json.RawMessage{}
	}
	return o, nil
}

// Field is a value that may be absent, null or set, as PATCH bodies need.
type Field[T any] struct {
	Sent  bool // the field was in the body
	Null  bool // it was sent as null
	Value T    // its value when sent and not null
}

// Check is a rule on a string value; it returns a problem or "".
type Check func(string) string

// Problem records a problem with field name (relative to this object).
func (o *Object) Problem(name, problem string) {
	*o.problems = append(*o.problems, apperr.Problem{Field: o.prefix + name, Problem: problem})
}

// Has reports whether name was sent (with any value, null included).
func (o *Object) Has(name string) bool {
	_, ok := o.fields[name]
	return ok
}

func (o *Object) raw(name string) (json.RawMessage, bool, bool) {
	raw, ok := o.fields[name]
	if !ok {
		return nil, false, false
	}
	return raw, true, string(bytes.TrimSpace(raw)) == "null"
}

// String reads a string field. A required field that is absent, null or
// blank is a problem; surrounding whitespace is trimmed. It returns the
// value and whether a valid value was read.
func (o *Object) String(name string, required bool, checks ...Check) (string, bool) {
	f := o.NullableString(name, checks...)
	switch {
	case !f.Sent || f.Null:
		if required {
			o.Problem(name, "is required")
		}
		return "", false
	case !o.ok(name):
		return "", false
	case f.Value == "" && required:
		o.Problem(name, "must not be empty")
		return "", false
	}
	return f.Value, true
}

// NullableString reads a string field that may be null; surrounding
// whitespace is trimmed.
func (o *Object) NullableString(name string, checks ...Check) Field[string] {
	return o.nullableString(name, true, checks...)
}

// Enum reads a string field that may be null and otherwise holds one of
// allowed exactly as sent: surrounding whitespace is not trimmed, as the
// OpenAPI documents list the values as an enum, which compares them
// exactly.
func (o *Object) Enum(name string, allowed ...string) Field[string] {
	return o.nullableString(name, false, OneOf(allowed...))
}

// RequiredEnum is Enum for a required field: absent or null is a problem.
// It returns the value and whether a valid one was read.
func (o *Object) RequiredEnum(name string, allowed ...string) (string, bool) {
	f := o.Enum(name, allowed...)
	if !f.Sent || f.Null {
		o.Problem(name, "is required")
		return "", false
	}
	return f.Value, o.ok(name)
}

// nullableString is NullableString, trimming the value when trim is set.
func (o *Object) nullableString(name string, trim bool, checks ...Check) Field[string] {
	raw, sent, null := o.raw(name)
	if !sent || null {
		return Field[string]{Sent: sent, Null: null}
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		o.Problem(name, "must be a string")
		return Field[string]{Sent: true}
	}
	if trim {
		s = strings.TrimSpace(s)
	}
	for _, c := range checks {
		if p := c(s); p != "" {
			o.Problem(name, p)
			return Field[string]{Sent: true, Value: s}
		}
	}
	return Field[string]{Sent: true, Value: s}
}

// Int reads an integer field within [min, max]. It returns the value and
// whether it was sent and valid.
func (o *Object) Int(name string, required bool, min, max int) (int, bool) {
	raw, sent, null := o.raw(name)
	if !sent || null {
		if required {
			o.Problem(name, "is required")
		}
		return 0, false
	}
	f, ok := wholeNumber(raw)
	if !ok {
		o.Problem(name, "must be an integer")
		return 0, false
	}
	if f < float64(min) || f > float64(max) {
		o.Problem(name, fmt.Sprintf("must be between %d and %d", min, max))
		return 0, false
	}
	return int(f), true
}

// wholeNumber reads a JSON number without a fractional part. A whole
// number too large for float64 (1e400) reads as ±Inf, so it is out of
// range rather than "not an integer".
func wholeNumber(raw json.RawMessage) (float64, bool) {
	s := string(bytes.TrimSpace(raw))
	if s == "" || s[0] != '-' && (s[0] < '0' || s[0] > '9') {
		return 0, false // a string, boolean, array or object (Parse checked the JSON)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) || f != math.Trunc(f) {
		return 0, false
	}
	return f, true
}

// Bool reads a boolean field.
func (o *Object) Bool(name string) Field[bool] {
	raw, sent, null := o.raw(name)
	if !sent || null {
		if null {
			o.Problem(name, "must be true or false")
		}
		return Field[bool]{Sent: sent, Null: null}
	}
	var b bool
	if err := json.Unmarshal(raw, &b); err != nil {
		o.Problem(name, "must be true or false")
		return Field[bool]{Sent: true}
	}
	return Field[bool]{Sent: true, Value: b}
}

// Strings reads an array of strings with at most max items, each trimmed
// and checked.
func (o *Object) Strings(name string, max int, checks ...Check) Field[[]string] {
	return o.stringList(name, max, true, checks...)
}

// Enums reads an array of at most max strings whose values the OpenAPI
// documents list as an enum: each is checked exactly as sent, without
// trimming (see Enum).
func (o *Object) Enums(name string, max int, checks ...Check) Field[[]string] {
	return o.stringList(name, max, false, checks...)
}

// stringList is Strings, trimming each item when trim is set.
func (o *Object) stringList(name string, max int, trim bool, checks ...Check) Field[[]string] {
	raw, sent, null := o.raw(name)
	if !sent || null {
		return Field[[]string]{Sent: sent, Null: null}
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err != nil {
		o.Problem(name, "must be an array of strings")
		return Field[[]string]{Sent: true}
	}
	if len(list) > max {
		o.Problem(name, fmt.Sprintf("must have at most %d items", max))
		return Field[[]string]{Sent: true}
	}
	for i, s := range list {
		if trim {
			list[i] = strings.TrimSpace(s)
		}
		for _, c := range checks {
			if p := c(list[i]); p != "" {
				o.Problem(fmt.Sprintf("%s[%d]", name, i), p)
				break
			}
		}
	}
	return Field[[]string]{Sent: true, Value: list}
}

// Object reads a nested object; its problems are reported with name as a
// prefix ("agent.name"). An absent or null object reads as empty.
func (o *Object) Object(name string) *Object {
	sub := &Object{prefix: o.prefix + name + ".", fields: map[string]json.RawMessage{}, problems: o.problems}
	raw, sent, null := o.raw(name)
	if !sent || null {
		return sub
	}
	if err := json.Unmarshal(raw, &sub.fields); err != nil || sub.fields == nil {
		o.Problem(name, "must be an object")
		sub.fields = map[string]json.RawMessage{}
	}
	return sub
}

// Err returns a validation_failed error listing every problem, or nil.
func (o *Object) Err() error {
	if len(*o.problems) == 0 {
		return nil
	}
	return apperr.Invalid(*o.problems...)
}

func (o *Object) ok(name string) bool {
	for _, p := range *o.problems {
		if p.Field == o.prefix+name {
			return false
		}
	}
	return true
}

// Len checks that a string has between min and max characters.
func Len(min, max int) Check {
	return func(s string) string {
		n := utf8.RuneCountInString(s)
		switch {
		case n < min && min == 1:
			return "must not be empty"
		case n < min || n > max:
			return fmt.Sprintf("must be %d to %d characters", min, max)
		}
		return ""
	}
}

// MaxLen checks that a string has at most max characters.
func MaxLen(max int) Check {
	return func(s string) string {
		if utf8.RuneCountInString(s) > max {
			return fmt.Sprintf("must be at most %d characters", max)
		}
		return ""
	}
}

// OneOf checks that a string is one of the allowed values.
func OneOf(allowed ...string) Check {
	return func(s string) string {
		for _, a := range allowed {
			if s == a {
				return ""
			}
		}
		return "must be one of " + strings.Join(allowed, ", ")
	}
}

// Filter checks the values of a comma-separated list filter (a query
// parameter such as status) against the known ones: nil when every value
// is known, else the validation_failed error naming field.
func Filter(field string, values, known []string) error {
	if p := FilterProblem(values, known); p != "" {
		return apperr.Invalid(apperr.Problem{Field: field, Problem: p})
	}
	return nil
}

// FilterProblem is Filter's rule for a list filter checked with other
// fields: "" when every value is known, else what is wrong.
func FilterProblem(values, known []string) string {
	for _, v := range values {
		if !slices.Contains(known, v) {
			return "must be one or more of " + strings.Join(known, ", ") + ", separated by commas"
		}
	}
	return ""
}

// SingleLine is the rule of one-line text (names, titles, labels, short
// descriptions): no control character at all, C0 (line breaks and tabs
// included), DEL or C1, no Unicode line or paragraph separator (U+2028,
// U+2029) and no bidirectional override (see separator). Such text
// reaches mail subjects, pages and other systems' headers, where a control
// character could split, hide or reorder a line.
func SingleLine(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return unicode.IsControl(r) || separator(r) }) >= 0 {
		return "must be a single line without control characters"
	}
	return ""
}

// MultiLine is the rule of text the spec lets run over several lines
// (house rules one per line, descriptions, forum texts): no control
// character but the line break (LF, or CR LF), and no Unicode line or
// paragraph separator, so every line break is one a reader of the text
// sees as such.
func MultiLine(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return (unicode.IsControl(r) && r != '\n' && r != '\r') || separator(r) }) >= 0 ||
		strings.Count(s, "\r") != strings.Count(s, "\r\n") {
		return "must not contain control characters other than line breaks (LF or CR LF)"
	}
	return ""
}

// Plain returns s as one line that SingleLine accepts: white space control
// characters (tabs, line breaks) and the Unicode line and paragraph
// separators become spaces, every other character SingleLine refuses (C0,
// DEL and C1 controls, bidirectional embeddings, overrides and isolates)
// is dropped, runs of white space collapse to one space and the ends are
// trimmed. It cleans text the service did not receive as input (a
// website's pages, a model's answer) before it becomes a name.
func Plain(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return unicode.IsControl(r) || separator(r) }) < 0 {
		return strings.Join(strings.Fields(s), " ")
	}
	s = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsSpace(r) || unicode.In(r, unicode.Zl, unicode.Zp):
			return ' '
		case unicode.IsControl(r) || separator(r):
			return -1
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// separator reports whether r is a Unicode line or paragraph separator
// (U+2028, U+2029), a line break to JavaScript and many renderers, or a
// bidirectional embedding, override or isolate (U+202A–U+202E,
// U+2066–U+2069), which makes text read otherwise than it is written
// ("good" and U+202E then "evil" shows as "goodlive").
func separator(r rune) bool {
	return unicode.In(r, unicode.Zl, unicode.Zp) || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}
