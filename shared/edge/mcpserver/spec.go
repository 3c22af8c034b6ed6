package mcpserver

import (
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
)

// Spec describes the tool of one agent-API endpoint: its name, what it
// does, and the query parameters and body fields it takes. Path parameters
// come from the route itself.
type Spec struct {
	Method string
	// Path is relative to routes.AgentBase, with {name} parameters.
	Path        string
	Name        string
	Description string
	// Query lists the query parameters; every other argument of a GET or
	// DELETE tool is sent as a query parameter too.
	Query []Field
	// Body lists the body fields; every other argument of a POST or PATCH
	// tool is sent in the body too, so fields the API adds later still
	// reach it.
	Body []Field
}

// Key returns the spec's route key, as routes.Route.Key spells it.
func (s Spec) Key() string { return routeKey(s.Method, s.Path) }

// Field is one input property of a tool.
type Field struct {
	Name     string
	Required bool
	Schema   *jsonschema.Schema
}

// required returns f marked as required.
func (f Field) required() Field {
	f.Required = true
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

// nullable returns f accepting null as well (PATCH: null clears the field).
func (f Field) nullable() Field {
	s := *f.Schema
	s.Types = []string{s.Type, "null"}
	s.Type = ""
	f.Schema = &s
	return f
}

// text is a string field of min to max characters (0: no bound).
func text(name, desc string, min, max int) Field {
	s := &jsonschema.Schema{Type: "string", Description: desc}
	if min > 0 {
		s.MinLength = &min
	}
	if max > 0 {
		s.MaxLength = &max
	}
	return Field{Name: name, Schema: s}
}

// link is a URL field of at most 2,048 characters.
func link(name, desc string) Field {
	f := text(name, desc, 0, 2048)
	f.Schema.Format = "uri"
	return f
}

// timestamp is an ISO 8601 timestamp field.
func timestamp(name, desc string) Field {
	f := text(name, desc, 0, 0)
	f.Schema.Format = "date-time"
	return f
}

// day is a calendar-day field (YYYY-MM-DD).
func day(name, desc string) Field {
	f := text(name, desc, 0, 0)
	f.Schema.Format = "date"
	return f
}

// timeOfDay is a 24-hour HH:MM field.
func timeOfDay(name, desc string) Field {
	f := text(name, desc, 5, 5)
	f.Schema.Pattern = `^([01][0-9]|2[0-3]):[0-5][0-9]$`
	return f
}

// oneOf is a string field with a fixed set of values.
func oneOf(name, desc string, values ...string) Field {
	s := &jsonschema.Schema{Type: "string", Description: desc}
	for _, v := range values {
		s.Enum = append(s.Enum, v)
	}
	return Field{Name: name, Schema: s}
}

// integer is an integer field from min to max.
func integer(name, desc string, min, max float64) Field {
	return Field{Name: name, Schema: &jsonschema.Schema{Type: "integer", Description: desc, Minimum: &min, Maximum: &max}}
}

// withDefault returns f documenting the API's default value.
func (f Field) withDefault(v any) Field {
	s := *f.Schema
	s.Default, _ = json.Marshal(v)
	f.Schema = &s
	return f
}

// flag is a boolean field.
func flag(name, desc string) Field {
	return Field{Name: name, Schema: &jsonschema.Schema{Type: "boolean", Description: desc}}
}

// list is an array field of at most max items (0: no bound).
func list(name, desc string, item *jsonschema.Schema, max int) Field {
	s := &jsonschema.Schema{Type: "array", Description: desc, Items: item}
	if max > 0 {
		s.MaxItems = &max
	}
	return Field{Name: name, Schema: s}
}

// texts is the item schema of a list of strings of min to max characters.
func texts(min, max int) *jsonschema.Schema {
	return text("", "", min, max).Schema
}

// values is the item schema of a list whose items come from a fixed set.
func values(vs ...string) *jsonschema.Schema {
	return oneOf("", "", vs...).Schema
}

// object is an object field made of fields.
func object(name, desc string, fields ...Field) Field {
	s := objectSchema(fields)
	s.Description = desc
	return Field{Name: name, Schema: s}
}

// objectSchema returns the schema of an object with fields, in order.
func objectSchema(fields []Field) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}}
	for _, f := range fields {
		s.Properties[f.Name] = f.Schema
		s.PropertyOrder = append(s.PropertyOrder, f.Name)
		if f.Required {
			s.Required = append(s.Required, f.Name)
		}
	}
	return s
}

// page is the limit and cursor of every list endpoint (spec 4.1).
func page() []Field {
	return []Field{
		integer("limit", "Page size.", 1, 100).withDefault(50),
		text("cursor", "The next_cursor of the previous page; omit for the first page.", 0, 0),
	}
}

// paged returns fields followed by the page parameters.
func paged(fields ...Field) []Field { return append(fields, page()...) }

// commaList is a query parameter that takes several values, sent
// comma-separated; the tool takes an array (or a comma-separated string).
func commaList(name, desc string, vs ...string) Field {
	item := texts(1, 0)
	if len(vs) > 0 {
		item = values(vs...)
	}
	return list(name, desc, item, 0)
}
