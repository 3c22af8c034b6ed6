package pages

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestSafeNext(t *testing.T) {
	cases := map[string]string{
		"/oauth/consent?authorization_id=abc": "/oauth/consent?authorization_id=abc",
		"/signin":                             "/signin",
		"":                                    "",
		"https://evil.example/":               "",
		"//evil.example/":                     "",
		"/\\evil.example":                     "",
		"evil.example":                        "",
		"javascript:alert(1)":                 "",
		"/ok\r\nSet-Cookie: x":                "",
	}
	for in, want := range cases {
		if got := safeNext(in); got != want {
			t.Errorf("safeNext(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestErrorPagesLeadOn: the pages of an unexpected error and of a form
// out of date link to the dashboard, so a person is never left without a
// way on.
func TestErrorPagesLeadOn(t *testing.T) {
	for name, render := range map[string]func(http.ResponseWriter){"failure": failure, "forbidden": forbidden} {
		w := httptest.NewRecorder()
		render(w)
		if body := w.Body.String(); !strings.Contains(body, `<a href="/dashboard">Go to your dashboard</a>`) {
			t.Errorf("the %s page has no way on:\n%s", name, body)
		}
	}
}
