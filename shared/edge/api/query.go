package api

import (
	"net/http"
	"net/url"
	"strings"

	"rvcontent/shared/kernel/apperr"
)

// WellFormedQuery answers 422 validation_failed, naming the parameter, for
// a query string that does not decode: a broken percent-encoding (%zz) or
// a ";" separator. Go's URL parser drops such a parameter without a word,
// which would turn since=%zz into no since at all and list everything.
func WellFormedQuery(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, bad := QueryProblem(r.URL.RawQuery); bad {
			Error(w, r, apperr.Invalid(p))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// QueryProblem returns the problem of the first parameter of the raw query
// that does not decode, and whether there is one.
func QueryProblem(raw string) (apperr.Problem, bool) {
	if _, err := url.ParseQuery(raw); err == nil {
		return apperr.Problem{}, false
	}
	for _, pair := range strings.Split(raw, "&") {
		key, value, _ := strings.Cut(pair, "=")
		name, kerr := url.QueryUnescape(key)
		if kerr != nil {
			name = key
		}
		if strings.Contains(pair, ";") {
			return apperr.Problem{Field: name, Problem: "must not contain ';': separate query parameters with '&' and encode ';' as %3B"}, true
		}
		if _, verr := url.QueryUnescape(value); kerr != nil || verr != nil {
			return apperr.Problem{Field: name, Problem: "is not correctly percent-encoded: write '%' as %25"}, true
		}
	}
	return apperr.Problem{Field: "query", Problem: "does not decode"}, true
}

// QueryList reads a list parameter of r's query: comma-separated values,
// and the parameter repeated as well (?status=a&status=b reads as
// status=a,b), each value trimmed, empty ones dropped, in the order sent.
func QueryList(r *http.Request, name string) []string {
	var out []string
	for _, sent := range r.URL.Query()[name] {
		for _, v := range strings.Split(sent, ",") {
			if v = strings.TrimSpace(v); v != "" {
				out = append(out, v)
			}
		}
	}
	return out
}
