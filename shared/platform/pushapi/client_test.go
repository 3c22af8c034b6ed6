package pushapi

import (
	"encoding/json"
	"testing"
)

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

func TestPostIDReadsAStringOrANumber(t *testing.T) {
	for body, want := range map[string]string{`{"id":"abc"}`: "abc", `{"id":42}`: "42", `{"id":"7"}`: "7", `{"id":null}`: ""} {
		var out p1Remote
		if err := json.Unmarshal([]byte(body), &out); err != nil || string(out.ID) != want {
			t.Errorf("%s: id %q, err %v; want %q", body, out.ID, err, want)
		}
	}
	var out p1Remote
	if err := json.Unmarshal([]byte(`{"id":{"n":1}}`), &out); err == nil {
		t.Error("an object id was read")
	}
}

func TestRetryAfterWordsSeconds(t *testing.T) {
	for v, want := range map[string]string{"120": "; try again in 120 seconds", "": "", "Wed, 21 Oct 2026 07:28:00 GMT": "", "-1": ""} {
		if got := retryAfter(v); got != want {
			t.Errorf("retryAfter(%q) = %q, want %q", v, got, want)
		}
	}
}

func TestOptionReadsANumberedId(t *testing.T) {
	var out []Option
	if err := json.Unmarshal([]byte(`[{"id":7,"name":"News"},{"id":"tips","name":"Tips"}]`), &out); err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || out[0] != (Option{ID: "7", Name: "News"}) || out[1] != (Option{ID: "tips", Name: "Tips"}) {
		t.Fatalf("options %+v", out)
	}
}
