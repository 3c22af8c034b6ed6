package pushapi

import "testing"

func TestDetailQuotesOnePlainLine(t *testing.T) {
	for body, want := range map[string]string{
		`{"message": "The site is read-only right now."}`: ": The site is read-only right now",
		`{"error": "invalid token"}`:                      ": invalid token",
		`{"message": "bad\u202e\r\nthing\u0007 here"}`:    ": bad thing here",
		`{"message": "\n\t"}`:                             "",
		`not json`:                                        "",
		`{"error": {"code": 1}}`:                          "",
	} {
		if got := detail([]byte(body)); got != want {
			t.Errorf("detail(%s) = %q, want %q", body, got, want)
		}
	}
}
