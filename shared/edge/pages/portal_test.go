package pages_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/shared/edge/pages"
	"rvcontent/shared/edge/routes"
)

// A portal link's page asks the billing function to open a portal session
// and shows its answer, as a checkout link's page does.
func TestPortalLinkPageShowsTheBillingAnswer(t *testing.T) {
	cases := []struct {
		name, body   string
		status, want int
		wantLocation string
		wantText     string
	}{
		{"opened", `{"url":"https://pay.example/bps_1"}`, http.StatusOK, http.StatusSeeOther, "https://pay.example/bps_1", ""},
		{"expired", `{"error":"This billing portal link has expired. Ask your agent for a new one.","code":"not_found"}`, http.StatusNotFound, http.StatusNotFound, "", "Billing portal link not valid"},
		{"no subscription", `{"error":"This account has no subscription, so there is no billing to manage here.","code":"conflict"}`, http.StatusConflict, http.StatusConflict, "", "no billing to manage"},
		{"unreachable", `{"error":"down","code":"unavailable"}`, http.StatusServiceUnavailable, http.StatusServiceUnavailable, "", "billing portal cannot be opened"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var asked string
			fn := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				asked = r.Method + " " + r.URL.Path
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(c.status)
				_, _ = w.Write([]byte(c.body))
			})
			page := &pages.Portals{Billing: &pages.API{Handler: fn, Host: "svc.example"}}
			req := httptest.NewRequest("GET", "/portal/tok_1", nil)
			req.SetPathValue("token", "tok_1")
			rec := httptest.NewRecorder()
			page.Open(rec, req)
			if want := routes.OpenPortalSession.Method + " /portal/tok_1/session"; asked != want {
				t.Fatalf("asked %q, want %q", asked, want)
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
