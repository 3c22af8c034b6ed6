package catalog

import "strings"

// Schema is a JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1 and
// MCP) as the catalog writes it: only the keywords it uses. A schema with
// a Name is a named shape: the OpenAPI documents list it once under
// components and refer to it; an MCP tool's schema carries it in $defs.
type Schema struct {
	Name        string
	Type        string // "", "string", "integer", "number", "boolean", "array", "object"
	Nullable    bool   // null is a value too
	Description string
	Format      string
	Pattern     string
	Enum        []string
	MinLength   *int
	MaxLength   *int
	Minimum     *float64
	Maximum     *float64
	Default     any
	Items       *Schema
	MinItems    *int
	MaxItems    *int
	Props       []Prop  // an object's properties, in order
	Values      *Schema // a map's values (additionalProperties)
	Examples    []any
}

// Prop is one property of an object schema.
type Prop struct {
	Name     string
	Required bool
	Schema   *Schema
}

// Prop returns the property name of s, or nil.
func (s *Schema) Prop(name string) *Schema {
	for _, p := range s.Props {
		if p.Name == name {
			return p.Schema
		}
	}
	return nil
}

// At returns the schema at a dotted path of properties ("writing.tone");
// "[]" steps into an array's items ("articles.[].status"). It panics when
// the path does not exist, so a catalog entry naming a field the Go type
// lacks fails at once.
func (s *Schema) At(path string) *Schema {
	cur := s
	for _, step := range strings.Split(path, ".") {
		next := cur.Items
		if step != "[]" {
			next = cur.Prop(step)
		}
		if next == nil {
			panic("catalog: no " + path + " in schema " + s.Name)
		}
		cur = next
	}
	return cur
}

// clone returns a deep copy of s, so a shared shape can be changed for one
// use.
func (s *Schema) clone() *Schema {
	if s == nil {
		return nil
	}
	c := *s
	c.Items = s.Items.clone()
	c.Values = s.Values.clone()
	c.Props = make([]Prop, len(s.Props))
	for i, p := range s.Props {
		c.Props[i] = Prop{Name: p.Name, Required: p.Required, Schema: p.Schema.clone()}
	}
	return &c
}

// Refs says how a rendering refers to named shapes: prefix is put before a
// name ("#/components/schemas/"), and every name referred to is recorded.
type Refs struct {
	prefix string
	seen   map[string]*Schema
	order  []string
}

// NewRefs returns Refs that refer to named shapes under prefix.
func NewRefs(prefix string) *Refs { return &Refs{prefix: prefix, seen: map[string]*Schema{}} }

// Defs renders every named shape referred to so far, and those they refer
// to, by name.
func (r *Refs) Defs() map[string]any {
	out := map[string]any{}
	for i := 0; i < len(r.order); i++ { // rendering may add names
		name := r.order[i]
		out[name] = r.seen[name].body(r)
	}
	return out
}

// JSON renders s as a JSON value (maps, slices, scalars): a named shape as
// a reference, everything else inline.
func (s *Schema) JSON(r *Refs) map[string]any {
	if s.Name == "" || r == nil {
		return s.body(r)
	}
	if _, ok := r.seen[s.Name]; !ok {
		r.seen[s.Name] = s
		r.order = append(r.order, s.Name)
	}
	ref := map[string]any{"$ref": r.prefix + s.Name}
	if s.Nullable {
		return map[string]any{"anyOf": []any{ref, map[string]any{"type": "null"}}}
	}
	return ref
}

// orNull returns a copy of s (a named shape, say) that allows null as
// well.
func (s *Schema) orNull() *Schema {
	c := *s
	c.Nullable = true
	return &c
}

// body renders s itself, its name aside.
func (s *Schema) body(r *Refs) map[string]any {
	m := map[string]any{}
	switch {
	case s.Type != "" && s.Nullable:
		m["type"] = []any{s.Type, "null"}
	case s.Type != "":
		m["type"] = s.Type
	}
	if s.Description != "" {
		m["description"] = s.Description
	}
	if s.Format != "" {
		m["format"] = s.Format
	}
	if s.Pattern != "" {
		m["pattern"] = s.Pattern
	}
	if len(s.Enum) > 0 {
		enum := make([]any, 0, len(s.Enum)+1)
		for _, v := range s.Enum {
			enum = append(enum, v)
		}
		if s.Nullable {
			enum = append(enum, nil)
		}
		m["enum"] = enum
	}
	setInt(m, "minLength", s.MinLength)
	setInt(m, "maxLength", s.MaxLength)
	setNum(m, "minimum", s.Minimum)
	setNum(m, "maximum", s.Maximum)
	setInt(m, "minItems", s.MinItems)
	setInt(m, "maxItems", s.MaxItems)
	if s.Default != nil {
		m["default"] = s.Default
	}
	if s.Items != nil {
		m["items"] = s.Items.JSON(r)
	}
	if s.Type == "object" {
		props := map[string]any{}
		var required []any
		for _, p := range s.Props {
			props[p.Name] = p.Schema.JSON(r)
			if p.Required {
				required = append(required, p.Name)
			}
		}
		if len(props) > 0 {
			m["properties"] = props
		}
		if len(required) > 0 {
			m["required"] = required
		}
		if s.Values != nil {
			m["additionalProperties"] = s.Values.JSON(r)
		}
	}
	if len(s.Examples) > 0 {
		m["examples"] = s.Examples
	}
	return m
}

func setInt(m map[string]any, key string, v *int) {
	if v != nil {
		m[key] = *v
	}
}

func setNum(m map[string]any, key string, v *float64) {
	if v != nil {
		m[key] = *v
	}
}
