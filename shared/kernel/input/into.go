package input

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"

	"rvcontent/shared/kernel/apperr"
)

// Into reads body into v, a pointer to a struct whose json tags name the
// fields, for handlers that take one fixed shape (the dev harness). The
// body is read as Parse reads it: empty or null is no fields, and a body
// that is not JSON, not UTF-8 text, not an object or ambiguous is a
// bad_request error. A field sent with a value of the wrong type (a
// string for a number, a fraction for an integer, one string for a list)
// is a validation_failed problem naming the field, as Object's readers
// report it.
func Into(body []byte, v any) error {
	if _, err := Parse(body); err != nil {
		return err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	err := json.Unmarshal(body, v)
	if te := (*json.UnmarshalTypeError)(nil); errors.As(err, &te) && te.Field != "" {
		return apperr.Invalid(apperr.Problem{Field: te.Field, Problem: typeProblem(declared(reflect.TypeOf(v), te.Field), te.Type)})
	}
	if err != nil {
		return apperr.New(apperr.BadRequest, "The request body must be a JSON object.")
	}
	return nil
}

// typeProblem says what a field declared as field (nil when unknown) must
// be, in Object's words, when a value could not be read as Go type got:
// a field that is a list names its items.
func typeProblem(field, got reflect.Type) string {
	if field != nil && (field.Kind() == reflect.Slice || field.Kind() == reflect.Array) {
		_, items := noun(field.Elem())
		return "must be an array of " + items
	}
	one, _ := noun(got)
	return "must be " + one
}

// noun names a JSON value of Go type t: one (with its article) and many.
func noun(t reflect.Type) (one, many string) {
	switch t.Kind() {
	case reflect.Pointer:
		return noun(t.Elem())
	case reflect.String:
		return "a string", "strings"
	case reflect.Bool:
		return "true or false", "booleans"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer", "integers"
	case reflect.Float32, reflect.Float64:
		return "a number", "numbers"
	case reflect.Slice, reflect.Array:
		return "an array", "arrays"
	}
	return "an object", "objects"
}

// declared returns the Go type of the field at path (json names joined by
// dots, as json.UnmarshalTypeError gives it) in t, or nil when t has none.
func declared(t reflect.Type, path string) reflect.Type {
	for _, name := range strings.Split(path, ".") {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			return nil
		}
		f, ok := t.FieldByNameFunc(func(n string) bool {
			sf, _ := t.FieldByName(n)
			tag, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			return tag == name || tag == "" && strings.EqualFold(n, name)
		})
		if !ok {
			return nil
		}
		t = f.Type
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}
