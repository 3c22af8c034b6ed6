package stack_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"testing"
)

// resources returns the default stack's resources of type typ by logical
// id.
func resources(typ string) map[string]map[string]any { return resourcesIn(tmpl, typ) }

// resourcesIn returns template t's resources of type typ by logical id.
func resourcesIn(t map[string]any, typ string) map[string]map[string]any {
	out := map[string]map[string]any{}
	for id, r := range t["Resources"].(map[string]any) {
		res := r.(map[string]any)
		if res["Type"] == typ {
			out[id] = res
		}
	}
	return out
}

// props returns a resource's Properties.
func props(res map[string]any) map[string]any {
	p, _ := res["Properties"].(map[string]any)
	return p
}

// refID returns the logical id that v points at with Ref or Fn::GetAtt,
// or "" when it is neither.
func refID(v any) string {
	m, ok := v.(map[string]any)
	if !ok {
		return ""
	}
	if id, ok := m["Ref"].(string); ok {
		return id
	}
	if att, ok := m["Fn::GetAtt"].([]any); ok && len(att) > 0 {
		id, _ := att[0].(string)
		return id
	}
	return ""
}

// strs returns v as a list of strings: a string alone, or a list's
// strings.
func strs(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// list returns v as a list (a single value becomes a list of one).
func list(v any) []any {
	if l, ok := v.([]any); ok {
		return l
	}
	if v == nil {
		return nil
	}
	return []any{v}
}

// functionIDs maps each function's logical id to its name.
func functionIDs(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for name := range synthesized.Functions {
		id := synthesized.LogicalID(name)
		if id == "" {
			t.Fatalf("no logical id for function %s", name)
		}
		out[id] = name
	}
	return out
}

// sorted returns the keys of a set in order.
func sorted(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// asJSON renders v for a failure message.
func asJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// noPanic runs an assertions-package check, which reports a mismatch by
// panicking, and turns the panic into a test failure.
func noPanic(t *testing.T, check func()) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("%v", p)
		}
	}()
	check()
}
