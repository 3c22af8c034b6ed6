// Package pages renders the plain HTML pages a person opens: the claim page,
// owner sign-in, consent, the owner's dashboard, and the layout they and the
// simulated payment pages share. The dashboard is a client of the agent
// API: each of its reads and actions is an API request of the signed-in
// owner, run in the endpoint's own function (see API).
// Pages are small, server-rendered, work without JavaScript and use labelled
// forms so they stay accessible.
//
// Templates are html/template's, with its contextual auto-escaping, in the
// copy published as github.com/DataDog/datadog-agent/pkg/template/html: the
// same package without method calls from templates (data is plain fields
// and maps). The standard package's method calls make the linker keep every
// exported method of every type in the binary, which would more than double
// this function's size and slow its cold start.
package pages

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"sync"

	template "github.com/DataDog/datadog-agent/pkg/template/html"
)

//go:embed templates/*.html
var files embed.FS

// sets holds each page's templates once parsed: the page's own file and
// the files defining the templates it uses, and those they use (see
// pageFiles). A page is parsed at its first render, not when the function
// starts, and without the other pages: a cold start that answers the
// sign-in page parses two files of 34.
var sets sync.Map // page name → *template.Template

// pageSet returns the templates of page name.
func pageSet(name string) (*template.Template, error) {
	if t, ok := sets.Load(name); ok {
		return t.(*template.Template), nil
	}
	paths, err := pageFiles(name)
	if err != nil {
		return nil, err
	}
	t, err := template.New("pages").Funcs(funcs).ParseFS(files, paths...)
	if err != nil {
		return nil, err
	}
	got, _ := sets.LoadOrStore(name, t)
	return got.(*template.Template), nil
}

// pageFiles returns the files page name needs: the one that defines it,
// then every file that defines a template one of them uses.
func pageFiles(name string) ([]string, error) {
	ix, err := templateIndex()
	if err != nil {
		return nil, err
	}
	var paths []string
	added := map[string]bool{}
	pending := []string{name}
	for len(pending) > 0 {
		n := pending[0]
		pending = pending[1:]
		path, ok := ix.definedIn[n]
		if !ok {
			return nil, fmt.Errorf("pages: no template defines %q", n)
		}
		if added[path] {
			continue
		}
		added[path] = true
		paths = append(paths, path)
		pending = append(pending, ix.uses[path]...)
	}
	return paths, nil
}

// index is where each template is defined and which templates each file
// uses, read from the files' {{define}} and {{template}} actions.
type index struct {
	definedIn map[string]string   // template name → file
	uses      map[string][]string // file → template names
}

// action finds a {{define "name"}} or {{template "name" ...}} action.
var action = regexp.MustCompile(`\{\{-?\s*(define|template)\s+"([^"]+)"`)

// templateIndex reads the index of the embedded files once.
var templateIndex = sync.OnceValues(func() (index, error) {
	ix := index{definedIn: map[string]string{}, uses: map[string][]string{}}
	paths, err := fs.Glob(files, "templates/*.html")
	if err != nil {
		return ix, err
	}
	for _, path := range paths {
		b, err := fs.ReadFile(files, path)
		if err != nil {
			return ix, err
		}
		for _, m := range action.FindAllSubmatch(b, -1) {
			name := string(m[2])
			if string(m[1]) == "template" {
				ix.uses[path] = append(ix.uses[path], name)
				continue
			}
			if other, dup := ix.definedIn[name]; dup {
				return ix, fmt.Errorf("pages: template %q is defined in %s and %s", name, other, path)
			}
			ix.definedIn[name] = path
		}
	}
	return ix, nil
})

// funcs are the templates' functions: formid gives each rendered form the
// random id that becomes its request's Idempotency-Key; tableid, the id
// of a table's caption, which names the region its table scrolls in;
// secret, placements, removal and rows bundle a partial's arguments
// (rows: a table's rows with its caption).
var funcs = template.FuncMap{
	"formid":  newFormID,
	"tableid": tableID,
	"plural":  plural,
	"secret": func(label, value, warning string) map[string]string {
		return map[string]string{"Label": label, "Secret": value, "Warning": warning}
	},
	"placements": func(caption string, rows []placementRow, siteHref string, page any) map[string]any {
		return map[string]any{"Caption": caption, "Rows": rows, "Base": siteHref, "Page": page}
	},
	"rows": func(caption string, rows any) map[string]any {
		return map[string]any{"Caption": caption, "Rows": rows}
	},
	"removal": func(siteHref, name string, page any) map[string]any {
		return map[string]any{"Href": siteHref, "Name": name, "Page": page}
	},
}

// tableID is the id of the caption of a page's table named name (a word,
// or the caption itself for a partial a page shows more than once):
// "table-" and name's letters and digits, lowercased, other runs joined
// by "-".
func tableID(name string) string {
	return "table-" + strings.Trim(nonWord.ReplaceAllString(strings.ToLower(name), "-"), "-")
}

// nonWord is a run of characters other than letters and digits.
var nonWord = regexp.MustCompile(`[^\p{L}\p{N}]+`)

// Render writes the named page with data and status.
func Render(w http.ResponseWriter, status int, name string, data any) {
	RenderForm(w, status, name, data)
}

// RenderForm is Render for a page whose forms' answers may redirect to
// formTargets (origins such as "https://app.example"): the page's
// Content-Security-Policy allows them as form-action, since browsers apply
// it to a form's redirects too.
func RenderForm(w http.ResponseWriter, status int, name string, data any, formTargets ...string) {
	var buf bytes.Buffer
	t, err := pageSet(name)
	if err == nil {
		err = t.ExecuteTemplate(&buf, name, data)
	}
	if err != nil {
		slog.Error("render page", "page", name, "err", err)
		http.Error(w, "Something went wrong on our side. Please try again.", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action "+strings.Join(append([]string{"'self'"}, formTargets...), " ")+"; frame-ancestors 'none'")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// Message is the data of the generic message page.
type Message struct {
	Title string
	Text  string
}
