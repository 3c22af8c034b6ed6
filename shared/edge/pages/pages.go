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
	"log/slog"
	"net/http"
	"strings"
	"sync"

	template "github.com/DataDog/datadog-agent/pkg/template/html"
)

//go:embed templates/*.html
var files embed.FS

// templates are parsed at the first page, not when the function starts.
var templates = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("pages").Funcs(funcs).ParseFS(files, "templates/*.html"))
})

// funcs are the templates' functions: formid gives each rendered form the
// random id that becomes its request's Idempotency-Key; secret,
// placements, removal and rows bundle a partial's arguments (rows: a
// table's rows with its caption).
var funcs = template.FuncMap{
	"formid": newFormID,
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
	if err := templates().ExecuteTemplate(&buf, name, data); err != nil {
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
