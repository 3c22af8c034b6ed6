package catalog

import (
	"encoding/json"
	"strings"
)

// Field is one query parameter or request body property of an operation.
type Field struct {
	Name     string
	Required bool
	Schema   *Schema
	// NotNull marks an optional field of a POST body that refuses null
	// (most read null as absent; see Operation.BodySchema).
	NotNull bool
	// Comma marks a query parameter that takes a list as comma-separated
	// values (OpenAPI style form, not exploded); an MCP tool takes an
	// array or that string.
	Comma bool
}

// required returns f marked as required.
func (f Field) required() Field {
	f.Required = true
	return f
}

// notNull returns f refusing null in a POST body.
func (f Field) notNull() Field {
	f.NotNull = true
	return f
}

// nullable returns f accepting null as well (PATCH: null clears the field).
func (f Field) nullable() Field {
	f.Schema = f.Schema.clone()
	f.Schema.Nullable = true
	return f
}

// withDefault returns f documenting the API's default value.
func (f Field) withDefault(v any) Field {
	f.Schema = f.Schema.clone()
	f.Schema.Default = v
	return f
}

// defaultInWords returns f with its default, if any, said in its
// description instead: a PATCH leaves an omitted field as it is, so a
// schema default there (which clients may fill in and send) would be
// wrong.
func (f Field) defaultInWords() Field {
	if f.Schema.Default == nil {
		return f
	}
	v, _ := json.Marshal(f.Schema.Default)
	f.Schema = f.Schema.clone()
	f.Schema.Description = strings.TrimSpace(f.Schema.Description + " Default when never set: " + string(v) + ".")
	f.Schema.Default = nil
	return f
}

// example returns f with an example value.
func (f Field) example(v any) Field {
	f.Schema = f.Schema.clone()
	f.Schema.Examples = append(f.Schema.Examples, v)
	return f
}

// requiring returns fields with the named ones marked as required.
func requiring(fields []Field, names ...string) []Field {
	out := make([]Field, len(fields))
	for i, f := range fields {
		out[i] = f
		for _, n := range names {
			if f.Name == n {
				out[i] = f.required()
			}
		}
	}
	return out
}

func intp(n int) *int { return &n }

func floatp(n float64) *float64 { return &n }

// str is a string schema of min to max characters (0: no bound).
func str(desc string, min, max int) *Schema {
	s := &Schema{Type: "string", Description: desc}
	if min > 0 {
		s.MinLength = intp(min)
	}
	if max > 0 {
		s.MaxLength = intp(max)
	}
	return s
}

// text is a string field of min to max characters (0: no bound).
func text(name, desc string, min, max int) Field {
	return Field{Name: name, Schema: str(desc, min, max)}
}

// link is a URL field of at most max characters.
func link(name, desc string, max int) Field {
	f := text(name, desc, 0, max)
	f.Schema.Format = "uri"
	return f
}

// timestamp is an ISO 8601 timestamp query parameter. It has no format:
// the service also reads a time without an offset (UTC), a bare date, and
// an offset's "+" sent unencoded.
func timestamp(name, desc string) Field {
	return text(name, desc+" Any RFC 3339 form; a time without an offset, or a bare date, is UTC.", 0, 0)
}

// day is a calendar-day field (YYYY-MM-DD).
func day(name, desc string) Field {
	f := text(name, desc, 0, 0)
	f.Schema.Format = "date"
	return f
}

// enum is a string schema with a fixed set of values.
func enum(desc string, values ...string) *Schema {
	return &Schema{Type: "string", Description: desc, Enum: values}
}

// oneOf is a string field with a fixed set of values.
func oneOf(name, desc string, values ...string) Field {
	return Field{Name: name, Schema: enum(desc, values...)}
}

// integer is an integer field from min to max.
func integer(name, desc string, min, max float64) Field {
	return Field{Name: name, Schema: &Schema{Type: "integer", Description: desc, Minimum: floatp(min), Maximum: floatp(max)}}
}

// flag is a boolean field.
func flag(name, desc string) Field {
	return Field{Name: name, Schema: &Schema{Type: "boolean", Description: desc}}
}

// list is an array field of min to max items (0: no bound).
func list(name, desc string, item *Schema, min, max int) Field {
	s := &Schema{Type: "array", Description: desc, Items: item}
	if min > 0 {
		s.MinItems = intp(min)
	}
	if max > 0 {
		s.MaxItems = intp(max)
	}
	return Field{Name: name, Schema: s}
}

// object is an object field made of fields.
func object(name, desc string, fields ...Field) Field {
	s := objectOf(fields)
	s.Description = desc
	return Field{Name: name, Schema: s}
}

// objectOf returns the schema of an object with fields, in order.
func objectOf(fields []Field) *Schema {
	s := &Schema{Type: "object"}
	for _, f := range fields {
		s.Props = append(s.Props, Prop{Name: f.Name, Required: f.Required, Schema: f.Schema})
	}
	return s
}

// page is the limit and cursor of every list endpoint (spec 4.1).
func page() []Field {
	return []Field{
		integer("limit", "Page size, 1 to 100.", 1, float64(maxLimit)).withDefault(defaultLimit),
		text("cursor", "The next_cursor of the previous page of the same list (same path and filters; limit may change); omit for the first page. A cursor another list issued answers 422.", 0, 0),
	}
}

// paged returns fields followed by the page parameters.
func paged(fields ...Field) []Field { return append(fields, page()...) }

// commaList is a query parameter that takes several values,
// comma-separated, from values when given.
func commaList(name, desc string, values ...string) Field {
	item := str("", 1, 0)
	if len(values) > 0 {
		item = enum("", values...)
	}
	f := list(name, desc, item, 0, 0)
	f.Comma = true
	return f
}

// joinValues lists values comma-separated.
func joinValues(values []string) string {
	out := ""
	for i, v := range values {
		if i > 0 {
			out += ", "
		}
		out += v
	}
	return out
}
