package audit22c

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// signup is a POST /accounts body for email.
func signup(email string) map[string]any {
	return map[string]any{"email": email, "site_url": "https://acme.com", "agent": map[string]any{"name": "Test agent"}}
}

// TestEmailDomainWrittenWhollyInFullWidthIsTheAddressItSpells: the README
// says an email is "checked against the disposable list and compared with
// other accounts' (without case) at its domain's ASCII form, so
// `owner@bücher.de`, `owner@xn--bcher-kva.de` and a full-width spelling
// are one address (the second answers 409 account_exists)", full-width
// forms and ideographic full stops reading as ASCII as they do for URLs. A
// domain spelled wholly in full-width forms, its full stop (U+FF0E) or an
// ideographic one (U+3002) included, was refused as "must be a valid email
// address": the dots were looked for before the domain was read as ASCII.
// Such a spelling of a taken address now answers 409 account_exists, and
// one of a disposable provider is refused as disposable.
func TestEmailDomainWrittenWhollyInFullWidthIsTheAddressItSpells(t *testing.T) {
	env := testenv.StartQuiet(t)
	local := strings.TrimSuffix(testenv.UniqueEmail("fullwidth"), "@example.com")
	env.Client().Agent(t, "POST", "/accounts", signup(local+"@bücher.de")).Expect(t, http.StatusCreated)
	for _, domain := range []string{
		"\uff42\u00fc\uff43\uff48\uff45\uff52\uff0e\uff44\uff45", // ｂüｃｈｅｒ．ｄｅ
		"\uff42\u00fc\uff43\uff48\uff45\uff52\u3002\uff44\uff45", // ｂüｃｈｅｒ。ｄｅ
		"b\u00fccher\uff0ede", // bücher．de
	} {
		t.Run(domain, func(t *testing.T) {
			env.Client().Agent(t, "POST", "/accounts", signup(local+"@"+domain)).ExpectError(t, http.StatusConflict, "account_exists")
		})
	}
	body := env.Client().Agent(t, "POST", "/accounts", signup(local+"@\uff4d\uff41\uff49\uff4c\uff49\uff4e\uff41\uff54\uff4f\uff52\uff0e\uff43\uff4f\uff4d")).
		ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	details, _ := body["details"].([]any)
	if len(details) != 1 || !strings.Contains(details[0].(map[string]any)["problem"].(string), "disposable") {
		t.Fatalf("full-width spelling of a disposable provider: details %v, want email refused as disposable", details)
	}
	// A domain that is still no dotted host name once read as ASCII stays
	// refused.
	for _, domain := range []string{"\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45", "example\uff0e", "\uff0eexample.com"} {
		env.Client().Agent(t, "POST", "/accounts", signup(local+"@"+domain)).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	}
}

// TestEmailLocalPartIsCountedInOctets: the README said an email's local
// part is "at most 64 characters", while the service counts octets, as RFC
// 5321 (4.5.3.1.1) does and mail servers will: 33 "ü" (66 octets) were
// refused. The README now says octets; this pins the rule at 64 and 65
// octets. (Since audit26e a local part must be ASCII, as SES sends to no
// other, so 32 "ü" are refused too.)
func TestEmailLocalPartIsCountedInOctets(t *testing.T) {
	env := testenv.StartQuiet(t)
	domain := strings.TrimPrefix(testenv.UniqueEmail("octets"), "octets-")
	domain = strings.ReplaceAll(strings.TrimSuffix(domain, "@example.com"), "-", "") + ".example.com"
	for _, c := range []struct {
		local string
		ok    bool
	}{
		{strings.Repeat("a", 64), true}, {strings.Repeat("b", 65), false},
		{strings.Repeat("ü", 32), false}, {strings.Repeat("ö", 33), false},
	} {
		r := env.Client().Agent(t, "POST", "/accounts", signup(c.local+"@"+domain))
		if c.ok {
			r.Expect(t, http.StatusCreated)
			continue
		}
		body := r.ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		if details, _ := body["details"].([]any); len(details) != 1 || details[0].(map[string]any)["field"] != "email" {
			t.Fatalf("local part of %d octets: details %v, want one problem on email", len(c.local), details)
		}
	}
}
