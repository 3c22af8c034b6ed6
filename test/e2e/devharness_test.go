package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestHarnessEmailsPlusAddress reads the mails of an address with a "+" in
// it, written into the query as it is (a "+" there reads as a space) and
// escaped: both find the claim mail.
func TestHarnessEmailsPlusAddress(t *testing.T) {
	env := testenv.Shared(t)
	email := fmt.Sprintf("owner+tag-%d@example.com", time.Now().UnixNano())
	env.SignUp(t, signupBody(email))
	for _, query := range []string{email, "owner%2B" + email[len("owner+"):]} {
		var out struct {
			Emails []testenv.Email `json:"emails"`
		}
		env.Client().Do(t, "GET", "/_dev/emails?to="+query, nil).Expect(t, http.StatusOK).Decode(t, &out)
		if len(out.Emails) != 1 || out.Emails[0].To != email || out.Emails[0].Subject != "Claim your new account" {
			t.Fatalf("GET /_dev/emails?to=%s = %+v, want the claim mail to %s", query, out.Emails, email)
		}
	}
}

// TestHarnessHostOverrides sets an override with the host written with a
// scheme and a port, to a "localhost:port" address: it overrides the host
// name for every port and scheme. Pointing the name at another server, or
// removing the override (DELETE takes the same forms), holds for the very
// next request, though the first server still runs and a connection to it
// was kept.
func TestHarnessHostOverrides(t *testing.T) {
	env := testenv.Shared(t)
	var hitsA, hitsB atomic.Int64
	server := func(hits *atomic.Int64) (*httptest.Server, string) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<html><head><title>Override Check</title></head><body><h1>Override Check</h1></body></html>")
		}))
		t.Cleanup(srv.Close)
		_, port, _ := strings.Cut(strings.TrimPrefix(srv.URL, "http://"), ":")
		return srv, port
	}
	_, portA := server(&hitsA)
	srvB, _ := server(&hitsB)
	host := fmt.Sprintf("override-check-%d.com", time.Now().UnixNano())
	scan := func() {
		t.Helper()
		settleScan(t, env.NewAccount(t, "http://"+host+"/"))
	}

	r := env.Client().Do(t, "POST", "/_dev/hosts", map[string]any{"host": "http://" + host + ":80/", "address": "localhost:" + portA}).Expect(t, http.StatusOK)
	if got := fmt.Sprint(r.JSON(t)); got != fmt.Sprint(map[string]any{"host": host, "address": "localhost:" + portA}) {
		t.Fatalf("POST /_dev/hosts = %s", r.Body)
	}
	scan()
	if hitsA.Load() == 0 {
		t.Fatal("the scan of the overridden host never reached the loopback server")
	}

	addrB := strings.TrimPrefix(srvB.URL, "http://")
	env.Client().Do(t, "POST", "/_dev/hosts", map[string]any{"host": host, "address": addrB}).Expect(t, http.StatusOK)
	a := hitsA.Load()
	scan()
	if hitsA.Load() != a || hitsB.Load() == 0 {
		t.Fatalf("after pointing %s at another server, the scan reached the first %d times and the second %d times", host, hitsA.Load()-a, hitsB.Load())
	}

	r = env.Client().Do(t, "DELETE", "/_dev/hosts/"+host+":443", nil).Expect(t, http.StatusOK)
	if got := fmt.Sprint(r.JSON(t)); got != fmt.Sprint(map[string]any{"deleted": true, "host": host}) {
		t.Fatalf("DELETE /_dev/hosts = %s", r.Body)
	}
	a, b := hitsA.Load(), hitsB.Load()
	scan()
	if hitsA.Load() != a || hitsB.Load() != b {
		t.Fatal("the override still applies after DELETE")
	}
	expectError(t, env.Client().Do(t, "POST", "/_dev/hosts", map[string]any{"host": host, "address": "example.com:80"}), http.StatusUnprocessableEntity, "validation_failed")
}
