package api

import (
	"net/http"
	"strconv"
	"strings"
)

// ForBrowsers answers an unmatched request of a person's browser as a
// person expects, and hands every other one to next (the APIs' JSON 404):
// a GET of a page path with a trailing slash ("/dashboard/") is redirected
// to the page (isPage says which paths are pages; the OAuth authorization
// and consent pages under /oauth/ included), a GET of a form's action
// address (a refused form's answer reloaded) to the page the form is on
// (formPage says which), and a GET outside the APIs (anything not under
// /api/, /mcp or /oauth/) whose Accept header asks for HTML gets a plain
// 404 page.
func ForBrowsers(isPage func(path string) bool, formPage func(path string) (string, bool), next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if (r.Method != http.MethodGet && r.Method != http.MethodHead) || strings.HasPrefix(p, "/api/") || p == "/mcp" {
			next.ServeHTTP(w, r)
			return
		}
		if page := strings.TrimRight(p, "/"); page != p && page != "" && isPage(page) {
			if r.URL.RawQuery != "" {
				page += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, page, http.StatusPermanentRedirect)
			return
		}
		if page, ok := formPage(p); ok {
			http.Redirect(w, r, page, http.StatusSeeOther)
			return
		}
		if strings.HasPrefix(p, "/oauth/") || !strings.Contains(r.Header.Get("Accept"), "text/html") {
			next.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Length", strconv.Itoa(len(notFoundPage)))
		h.Set("Cache-Control", "no-store")
		h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
		h.Set("X-Frame-Options", "DENY")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(notFoundPage))
	})
}

// notFoundPage is the page of an address that names no page.
const notFoundPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}a{color:#1a4fa0}</style>
</head>
<body>
<main>
<h1>Page not found</h1>
<p>There is no page at this address. Check the link, or go to <a href="/dashboard">your dashboard</a>.</p>
</main>
</body>
</html>
`
