package catalog

// exampleOf makes an example value of s: its first example or enum value,
// or a plain value of its type and format; objects list every required
// property. Examples made this way always fit their schema.
func exampleOf(s *Schema) any {
	switch {
	case len(s.Examples) > 0:
		return s.Examples[0]
	case s.Default != nil:
		return s.Default
	case len(s.Enum) > 0:
		return s.Enum[0]
	}
	switch s.Type {
	case "string":
		return exampleString(s)
	case "integer":
		if s.Minimum != nil {
			return int(*s.Minimum)
		}
		return 1
	case "number":
		return 49.5
	case "boolean":
		return true
	case "array":
		if s.Items == nil {
			return []any{}
		}
		return []any{exampleOf(s.Items)}
	case "object":
		out := map[string]any{}
		for _, p := range s.Props {
			if p.Required {
				out[p.Name] = exampleOf(p.Schema)
			}
		}
		return out
	}
	return nil
}

// exampleString is an example string of s's format and length.
func exampleString(s *Schema) string {
	v := "text"
	switch s.Format {
	case "date-time":
		v = "2026-11-26T09:00:00.000000Z"
	case "date":
		v = "2026-11-26"
	case "uri":
		v = "https://acme.com/"
	case "uuid":
		v = "0195f5a4-7b7e-7c3a-9d51-3c1e2f4a5b6c"
	}
	for s.MinLength != nil && len(v) < *s.MinLength {
		v += v
	}
	if s.MaxLength != nil && len(v) > *s.MaxLength {
		v = v[:*s.MaxLength]
	}
	return v
}
