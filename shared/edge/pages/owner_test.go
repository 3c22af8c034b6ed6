package pages

import "testing"

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
