package audit25h

import (
	"net/http"
	"strings"
	"testing"
)

// TestScanOfAMalformedRedirectSaysSo: a website whose home page redirects
// to an address that is not a URL at all (a broken Location header). The
// README ("Sites and scans"): "scan.error is null or {code, message}"
// with the codes it lists, site_address_refused among them for an address
// or a redirect the service will not follow, and spec 7: `error` is a
// human sentence. The scan failed with site_unreachable and a message
// that blamed the connection and leaked the HTTP client's internals
// ("could not be reached because the connection failed (Get \"http://…\":
// failed to parse Location header …). Check that it is up"), though the
// site was up and answered. It now fails with site_address_refused and
// says the site redirected to an address that is not a valid web address.
func TestScanOfAMalformedRedirectSaysSo(t *testing.T) {
	j, e := refusedScan(t, "badredirect", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", "ht!tp://%zz")
		w.WriteHeader(http.StatusFound)
	})
	msg, _ := e["message"].(string)
	for _, bad := range []string{`Get "`, "failed to parse", "could not be reached", "Check that it is up"} {
		if strings.Contains(msg, bad) {
			t.Errorf("scan error message %q contains %q", msg, bad)
		}
	}
	if !strings.Contains(msg, `redirected to "ht!tp://%zz"`) || !strings.Contains(msg, "not a valid web address") {
		t.Errorf("scan error message %q does not say where the site redirected and why that was not followed", msg)
	}
	if je, _ := j["error"].(map[string]any); je == nil || je["code"] != e["code"] || je["message"] != e["message"] {
		t.Errorf("job error %v, want the scan's %v", j["error"], e)
	}
}

// TestScanOfARedirectToAnotherSchemeSaysSo: a website whose home page
// redirects to an ftp address. The scan rightly fails with
// site_address_refused (README, "Sites and scans"), but its message
// (spec 7: `error` is a human sentence) gave the owner the wrong reason:
// "which is not a public web address (loopback, private and reserved
// addresses are refused)", about a public host. It now says the address
// is not an http or https one.
func TestScanOfARedirectToAnotherSchemeSaysSo(t *testing.T) {
	_, e := refusedScan(t, "ftpredirect", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "ftp://files.example.com/", http.StatusMovedPermanently)
	})
	msg, _ := e["message"].(string)
	if strings.Contains(msg, "loopback") || !strings.Contains(msg, "ftp://files.example.com/") || !strings.Contains(msg, "not an http or https address") {
		t.Fatalf("scan error message %q does not say the redirect left http and https", msg)
	}
}
