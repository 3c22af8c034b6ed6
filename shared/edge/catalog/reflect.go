package catalog

import (
	"encoding/json"
	"reflect"
	"strings"
	"time"

	"rvcontent/shared/platform/payments"
)

// shapeOf returns the schema of what encoding/json writes for a value of
// type T: the shape the service already returns, read from its Go type,
// so a response schema cannot drift from the code that writes it. A
// pointer allows null; a field tagged omitempty is optional; every other
// field is required. Objects allow properties beyond those listed (spec
// 9: within v1 the service only adds fields).
func shapeOf[T any]() *Schema { return typeSchema(reflect.TypeFor[T]()) }

// named returns s as the named shape name, described by desc.
func named(name, desc string, s *Schema) *Schema {
	s = s.clone()
	s.Name, s.Description = name, desc
	return s
}

var (
	rawMessage = reflect.TypeFor[json.RawMessage]()
	timeType   = reflect.TypeFor[time.Time]()
	centsType  = reflect.TypeFor[payments.Cents]()
)

// typeSchema returns the JSON schema of t as encoding/json writes it.
func typeSchema(t reflect.Type) *Schema {
	switch {
	case t == rawMessage: // the service's raw JSON values are objects (a job's result, an event's data)
		return &Schema{Type: "object"}
	case t == timeType:
		return &Schema{Type: "string", Format: "date-time"}
	case t == centsType: // written as a number of dollars
		return &Schema{Type: "number", Description: "US dollars."}
	}
	switch t.Kind() {
	case reflect.Pointer:
		s := typeSchema(t.Elem())
		if s.Type != "" {
			s.Nullable = true
		}
		return s
	case reflect.String:
		return &Schema{Type: "string"}
	case reflect.Bool:
		return &Schema{Type: "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return &Schema{Type: "integer"}
	case reflect.Float32, reflect.Float64:
		return &Schema{Type: "number"}
	case reflect.Slice, reflect.Array:
		return &Schema{Type: "array", Items: typeSchema(t.Elem())}
	case reflect.Map:
		return &Schema{Type: "object", Values: typeSchema(t.Elem())}
	case reflect.Struct:
		s := &Schema{Type: "object"}
		addFields(s, t)
		return s
	}
	return &Schema{} // an interface: any value
}

// field is a JSON property found in a struct and its embedding depth.
type field struct {
	prop  Prop
	depth int
}

// addFields adds the JSON properties of struct type t to s, embedded
// structs' fields included; as in encoding/json, a shallower field hides a
// deeper one of the same name.
func addFields(s *Schema, t reflect.Type) {
	var found []field
	collect(t, 0, &found)
	best := map[string]int{}
	for _, f := range found {
		if d, ok := best[f.prop.Name]; !ok || f.depth < d {
			best[f.prop.Name] = f.depth
		}
	}
	for _, f := range found {
		if best[f.prop.Name] == f.depth {
			s.Props = append(s.Props, f.prop)
			best[f.prop.Name] = -1 // added
		}
	}
}

func collect(t reflect.Type, depth int, out *[]field) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				collect(ft, depth+1, out)
				continue
			}
		}
		if name == "" {
			name = f.Name
		}
		omit := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
		s := typeSchema(f.Type)
		if s.Type == "string" && s.Format == "" && isTimestamp(name) {
			s.Format = "date-time"
		}
		*out = append(*out, field{Prop{Name: name, Required: !omit, Schema: s}, depth})
	}
}

// isTimestamp reports whether a string property called name holds a
// timestamp: the service writes those as strings (clock.Format, RFC 3339
// in UTC), named for a moment ("created_at", "period_end",
// "past_due_since", "billed_from").
func isTimestamp(name string) bool {
	for _, suffix := range []string{"_at", "_start", "_end"} {
		if strings.HasSuffix(name, suffix) {
			return true
		}
	}
	return name == "past_due_since" || name == "billed_from"
}

// object returns an object schema of the given properties, all required:
// the wrappers the handlers write around a resource ({"article": ...}).
func wrap(props ...Prop) *Schema {
	s := &Schema{Type: "object"}
	for _, p := range props {
		p.Required = true
		s.Props = append(s.Props, p)
	}
	return s
}

// prop is a property of a wrapper.
func prop(name string, s *Schema) Prop { return Prop{Name: name, Schema: s} }

// listOf is a list answer: the items under their plural name and
// next_cursor, null at the end.
func listOf(plural string, item *Schema) *Schema {
	return wrap(
		prop(plural, &Schema{Type: "array", Items: item}),
		prop("next_cursor", &Schema{Type: "string", Nullable: true, Description: "Pass as cursor for the next page; null at the end."}),
	)
}

// Field helpers on shapes: each returns s for chaining, and panics when the
// path is missing (see Schema.At).

// enumAt gives the string at path a fixed set of values.
func (s *Schema) enumAt(path string, values ...string) *Schema {
	s.At(path).Enum = values
	return s
}

// describe documents the property at path.
func (s *Schema) describe(path, desc string) *Schema {
	s.At(path).Description = desc
	return s
}

// formatAt gives the string at path a format (date-time, uri, uuid...).
func (s *Schema) formatAt(format string, paths ...string) *Schema {
	for _, p := range paths {
		s.At(p).Format = format
	}
	return s
}

// nullableAt lets the property at path be null: a slice the service may
// leave unset, which encoding/json writes as null.
func (s *Schema) nullableAt(paths ...string) *Schema {
	for _, p := range paths {
		s.At(p).Nullable = true
	}
	return s
}

// optionalAt marks properties at paths (of the object at parent) as not
// always present.
func (s *Schema) optionalAt(parent string, names ...string) *Schema {
	obj := s
	if parent != "" {
		obj = s.At(parent)
	}
	for i := range obj.Props {
		for _, n := range names {
			if obj.Props[i].Name == n {
				obj.Props[i].Required = false
			}
		}
	}
	return s
}
