package pages

import (
	"io/fs"
	"slices"
	"testing"

	template "github.com/DataDog/datadog-agent/pkg/template/html"
)

// templateSet returns the templates of name (a page or a partial) as a
// render parses them, failing t when they do not parse.
func templateSet(t *testing.T, name string) *template.Template {
	t.Helper()
	set, err := pageSet(name)
	if err != nil {
		t.Fatalf("templates of %s: %v", name, err)
	}
	return set
}

// Every template parses with the files its page set holds, and every
// template those use is in the set, so no page fails at its first render
// for a partial another file defines; no two files define one name.
func TestEveryTemplatesSetHoldsWhatItUses(t *testing.T) {
	ix, err := templateIndex()
	if err != nil {
		t.Fatal(err)
	}
	if len(ix.definedIn) < 40 {
		t.Fatalf("the index found %d templates", len(ix.definedIn))
	}
	for name := range ix.definedIn {
		set := templateSet(t, name)
		paths, _ := pageFiles(name)
		for _, path := range paths {
			for _, used := range ix.uses[path] {
				if set.Lookup(used) == nil {
					t.Errorf("%s: the set of %s (%v) lacks %s", name, name, paths, used)
				}
			}
		}
	}
	// The sign-in page, which a cold start of the pages function answers,
	// needs the layout and nothing of the dashboard.
	paths, _ := pageFiles("signin.html")
	if !slices.Equal(paths, []string{"templates/signin.html", "templates/layout.html"}) {
		t.Errorf("the sign-in page parses %v", paths)
	}
	// Across sets: all files parse together, as they did as one set.
	all, err := fs.Glob(files, "templates/*.html")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := template.New("all").Funcs(funcs).ParseFS(files, all...); err != nil {
		t.Fatal(err)
	}
}
