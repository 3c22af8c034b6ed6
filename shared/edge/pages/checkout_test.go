package pages_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/shared/edge/pages"
	"rvcontent/shared/edge/routes"
)

// A checkout link's page shows what the billing function answered: its
// redirect, its refusal's sentence, or, when that function cannot be
// reached or answers something unreadable, the page that says to try again.
func TestCheckoutLinkPageShowsTheBillingAnswer(t *testing.T) {
	cases := []struct {
		name         string
		status       int
		body         string
		want         int
		wantLocation string
		wantText     string
	}{
		{"opened", http.StatusOK, `{"url":"https://pay.example/cs_1"}`, http.StatusSeeOther, "https://pay.example/cs_1", ""},
		{"expired", http.StatusNotFound, `{"error":"This checkout link has expired. Ask your agent for a new one.","code":"not_found"}`, http.StatusNotFound, "", "This checkout link has expired."},
		{"subscribed", http.StatusConflict, `{"error":"This account already has a subscription, so there is nothing to pay here.","code":"conflict"}`, http.StatusConflict, "", "nothing to pay here"},
		{"unreachable", http.StatusServiceUnavailable, `{"error":"The service could not reach one of its parts. Retry in a moment.","code":"unavailable"}`, http.StatusServiceUnavailable, "", "try the link again"},
		{"unreadable", http.StatusOK, `<html>`, http.StatusServiceUnavailable, "", "try the link again"},
		{"crashed", http.StatusInternalServerError, `{"message":"Internal Server Error"}`, http.StatusServiceUnavailable, "", "try the link again"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var asked string
			fn := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				asked = r.Method + " " + r.URL.Path + " from " + r.RemoteAddr
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(c.status)
				_, _ = w.Write([]byte(c.body))
			})
			page := &pages.Checkouts{Billing: &pages.API{Handler: fn, Host: "svc.example"}}
			req := httptest.NewRequest("GET", "/checkout/tok_1", nil)
			req.SetPathValue("token", "tok_1")
			req.RemoteAddr = "203.0.113.9:5555"
			rec := httptest.NewRecorder()
			page.Open(rec, req)
			wantAsked := routes.OpenCheckoutSession.Method + " /checkout/tok_1/session from 203.0.113.9:0"
			if asked != wantAsked {
				t.Fatalf("asked %q, want %q", asked, wantAsked)
			}
			if rec.Code != c.want || rec.Header().Get("Location") != c.wantLocation {
				t.Fatalf("answer %d to %q, want %d to %q", rec.Code, rec.Header().Get("Location"), c.want, c.wantLocation)
			}
			if !strings.Contains(rec.Body.String(), c.wantText) {
				t.Fatalf("page does not say %q:\n%s", c.wantText, rec.Body)
			}
		})
	}
}
