package audit25m

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestMailToAnInternationalDomainIsSentToItsASCIIForm: README, "Accounts
// and credentials": "`email` ... is kept as given, and checked against the
// disposable list and compared with other accounts' (without case) at its
// domain's ASCII form, so `owner@bücher.de`, `owner@xn--bcher-kva.de` and a
// full-width spelling are one address"; spec 4.3: POST /accounts "emails
// the owner"; DEV_HARNESS: GET /_dev/emails lists "every mail the service
// sent". Defect: the service handed its mails to the sender addressed to
// the domain as typed ("owner@bücher.de"). Amazon SES takes only 7-bit
// ASCII addresses (a domain in another script must be in Punycode), so in
// AWS the owner of such an account never got the claim link, nor any other
// mail; the dev outbox kept the mail under the typed form only, so
// /_dev/emails?to=owner@xn--bcher-kva.de (the same address) found nothing.
// Mails now go to the domain's ASCII form, and the dev outbox finds them
// under any spelling of the address.
func TestMailToAnInternationalDomainIsSentToItsASCIIForm(t *testing.T) {
	env := testenv.Shared(t)
	local := strings.TrimSuffix(testenv.UniqueEmail("idn"), "@example.com")
	a := env.SignUp(t, map[string]any{"email": local + "@bücher.de", "site_url": "https://acme.com", "agent": map[string]any{"name": "Test agent"}})
	ascii := local + "@xn--bcher-kva.de"
	for _, spelling := range []string{ascii, local + "@bücher.de", local + "@\uff42\u00fc\uff43\uff48\uff45\uff52.de"} {
		mails := env.Emails(t, url.QueryEscape(spelling))
		if len(mails) != 1 {
			t.Errorf("/_dev/emails?to=%s: %d mails, want the claim mail", spelling, len(mails))
			continue
		}
		if mails[0].To != ascii {
			t.Errorf("claim mail sent to %q, want %q (SES takes only ASCII addresses)", mails[0].To, ascii)
		}
		if len(mails[0].Links) == 0 || mails[0].Links[0] != a.ClaimURL {
			t.Errorf("claim mail links %v, want %s", mails[0].Links, a.ClaimURL)
		}
	}
	// The account keeps the address as given.
	acct := a.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t)["account"].(map[string]any)
	if acct["email"] != local+"@bücher.de" {
		t.Errorf("account email %v, want it as given", acct["email"])
	}
}
