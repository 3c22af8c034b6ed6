package catalog

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ReadmeFile is the README, relative to the repository's root; its parts
// between the markers "<!-- catalog:NAME -->" and "<!-- /catalog:NAME -->"
// are generated.
const ReadmeFile = "README.md"

// readmeParts are the README's generated parts by name.
func readmeParts() map[string]string {
	return map[string]string{
		"mcp-tools": toolTable(),
		"shapes":    shapeTable(),
	}
}

// toolTable is the README's table of MCP tools: name, endpoint, what it
// does.
func toolTable() string {
	var b strings.Builder
	b.WriteString("| tool | endpoint (under `/api/agent/v1`) | what it does |\n|---|---|---|\n")
	for _, o := range Tools() {
		fmt.Fprintf(&b, "| `%s` | `%s %s` | %s |\n", o.ID, o.Method, o.Path, o.FullDescription())
	}
	return b.String()
}

// shapeTable is the README's table of the agent API's objects whose
// fields the spec does not show, as the catalog (and so the OpenAPI
// document) states them from the Go types the service writes.
func shapeTable() string {
	shapes := []*Schema{articleShape(), jobShape(), autopilotShape(), integrationShape(), siteKeyShape(), creditsShape()}
	var b strings.Builder
	b.WriteString("| object | fields |\n|---|---|\n")
	for _, s := range shapes {
		var fields []string
		for _, p := range s.Props {
			f := "`" + p.Name + "` " + typeSummary(p.Schema)
			if !p.Required {
				f += ", optional"
			}
			fields = append(fields, f)
		}
		fmt.Fprintf(&b, "| `%s` | %s |\n", s.Name, strings.Join(fields, "; "))
	}
	return b.String()
}

// typeSummary says in a few words what values s takes.
func typeSummary(s *Schema) string {
	t := s.Type
	switch {
	case len(s.Enum) > 0:
		t = strings.Join(s.Enum, "\\|")
	case t == "array" && s.Items != nil:
		t = typeSummary(s.Items) + "[]"
	case t == "object" && len(s.Props) > 0:
		var names []string
		for _, p := range s.Props {
			names = append(names, p.Name)
		}
		t = "{" + strings.Join(names, ", ") + "}"
	case t == "":
		t = "any"
	}
	if s.Format != "" {
		t += " (" + s.Format + ")"
	}
	if s.Nullable {
		t += " or null"
	}
	return t
}

// Readme returns the README at root with its generated parts made anew;
// it fails when a part's markers are missing.
func Readme(root string) ([]byte, error) {
	b, err := os.ReadFile(filepath.Join(root, ReadmeFile))
	if err != nil {
		return nil, err
	}
	for name, part := range readmeParts() {
		open, end := []byte("<!-- catalog:"+name+" -->\n"), []byte("<!-- /catalog:"+name+" -->")
		i, j := bytes.Index(b, open), bytes.Index(b, end)
		if i < 0 || j < i {
			return nil, fmt.Errorf("%s: no markers %s ... %s", ReadmeFile, bytes.TrimSpace(open), end)
		}
		b = append(append(append([]byte{}, b[:i+len(open)]...), part...), b[j:]...)
	}
	return b, nil
}
