package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestCreateAccountFieldRules sends one invalid field at a time (and all at
// once) and checks the 422 names exactly the invalid fields.
func TestCreateAccountFieldRules(t *testing.T) {
	env := testenv.Shared(t)
	long := func(n int) string { return strings.Repeat("a", n) }
	cases := []struct {
		name   string
		change func(b map[string]any)
		fields string
	}{
		{"nothing sent", func(b map[string]any) { clear(b) }, "agent.name,email,site_url"},
		{"email missing", func(b map[string]any) { delete(b, "email") }, "email"},
		{"email not an address", func(b map[string]any) { b["email"] = "not-an-email" }, "email"},
		{"email with display name", func(b map[string]any) { b["email"] = "Owner <o@example.com>" }, "email"},
		{"email over 254", func(b map[string]any) {
			b["email"] = long(64) + "@" + long(63) + "." + long(63) + "." + long(59) + ".com"
		}, "email"},
		{"email domain label starts with a hyphen", func(b map[string]any) { b["email"] = "owner@-acme.com" }, "email"},
		{"email domain label over 63", func(b map[string]any) { b["email"] = "owner@" + long(64) + ".com" }, "email"},
		{"email domain with an underscore", func(b map[string]any) { b["email"] = "owner@ac_me.com" }, "email"},
		{"email at a bare IP address", func(b map[string]any) { b["email"] = "owner@203.0.113.9" }, "email"},
		{"email at a private name", func(b map[string]any) { b["email"] = "owner@mail.corp.internal" }, "email"},
		{"email local part over 64", func(b map[string]any) { b["email"] = long(65) + "@acme.com" }, "email"},
		{"disposable email", func(b map[string]any) { b["email"] = "owner@mailinator.com" }, "email"},
		{"disposable email subdomain", func(b map[string]any) { b["email"] = "x@mail.33mail.com" }, "email"},
		{"email not a string", func(b map[string]any) { b["email"] = 42 }, "email"},
		{"site_url missing", func(b map[string]any) { delete(b, "site_url") }, "site_url"},
		{"site_url localhost", func(b map[string]any) { b["site_url"] = "http://localhost:8080/" }, "site_url"},
		{"site_url loopback IP", func(b map[string]any) { b["site_url"] = "https://127.0.0.1/" }, "site_url"},
		{"site_url private 10/8", func(b map[string]any) { b["site_url"] = "https://10.1.2.3/" }, "site_url"},
		{"site_url private 192.168", func(b map[string]any) { b["site_url"] = "http://192.168.0.10/" }, "site_url"},
		{"site_url link-local", func(b map[string]any) { b["site_url"] = "http://169.254.169.254/latest/meta-data/" }, "site_url"},
		{"site_url reserved", func(b map[string]any) { b["site_url"] = "https://240.0.0.1/" }, "site_url"},
		{"site_url IPv6 loopback", func(b map[string]any) { b["site_url"] = "https://[::1]/" }, "site_url"},
		{"site_url .local", func(b map[string]any) { b["site_url"] = "https://printer.local/" }, "site_url"},
		{"site_url .internal", func(b map[string]any) { b["site_url"] = "https://db.corp.internal/" }, "site_url"},
		{"site_url bare name", func(b map[string]any) { b["site_url"] = "https://intranet/" }, "site_url"},
		{"site_url ftp", func(b map[string]any) { b["site_url"] = "ftp://acme.com/" }, "site_url"},
		{"site_url no scheme", func(b map[string]any) { b["site_url"] = "acme.com" }, "site_url"},
		{"site_url with credentials", func(b map[string]any) { b["site_url"] = "https://u:p@acme.com/" }, "site_url"},
		{"site_url over 2048", func(b map[string]any) { b["site_url"] = "https://acme.com/" + long(2049-len("https://acme.com/")) }, "site_url"},
		{"site_name empty", func(b map[string]any) { b["site_name"] = "" }, "site_name"},
		{"site_name blank", func(b map[string]any) { b["site_name"] = "   " }, "site_name"},
		{"site_name over 120", func(b map[string]any) { b["site_name"] = long(121) }, "site_name"},
		{"site_description over 2000", func(b map[string]any) { b["site_description"] = long(2001) }, "site_description"},
		{"agent missing", func(b map[string]any) { delete(b, "agent") }, "agent.name"},
		{"agent not an object", func(b map[string]any) { b["agent"] = "bot" }, "agent,agent.name"},
		{"agent.name one character", func(b map[string]any) { b["agent"] = map[string]any{"name": "x"} }, "agent.name"},
		{"agent.name over 60", func(b map[string]any) { b["agent"] = map[string]any{"name": long(61)} }, "agent.name"},
		{"agent.operator over 100", func(b map[string]any) { b["agent"] = map[string]any{"name": "bot", "operator": long(101)} }, "agent.operator"},
		{"agent.contact_url http", func(b map[string]any) {
			b["agent"] = map[string]any{"name": "bot", "contact_url": "http://acme.com/bot"}
		}, "agent.contact_url"},
		{"agent.contact_url private", func(b map[string]any) {
			b["agent"] = map[string]any{"name": "bot", "contact_url": "https://10.0.0.1/bot"}
		}, "agent.contact_url"},
		{"every field wrong", func(b map[string]any) {
			b["email"], b["site_url"], b["site_name"], b["site_description"] = "x@yopmail.com", "https://localhost/", long(121), long(2001)
			b["agent"] = map[string]any{"name": "x", "operator": long(101), "contact_url": "ftp://x.com"}
		}, "agent.contact_url,agent.name,agent.operator,email,site_description,site_name,site_url"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := signupBody(testenv.UniqueEmail("rules"))
			c.change(body)
			r := env.Client().Agent(t, "POST", "/accounts", body)
			e := expectError(t, r, http.StatusUnprocessableEntity, "validation_failed")
			if got := strings.Join(detailFields(t, e), ","); got != c.fields {
				t.Fatalf("details name %q, want %q (%s)", got, c.fields, r.Body)
			}
		})
	}
}

// TestCreateAccountLimitsAccepted creates accounts at every upper bound.
func TestCreateAccountLimitsAccepted(t *testing.T) {
	env := testenv.Shared(t)
	unique := testenv.UniqueEmail("b")
	local := strings.Split(unique, "@")[0]
	email254 := local + strings.Repeat("a", 64-len(local)) + "@" + strings.Repeat("b", 63) + "." + strings.Repeat("c", 63) + "." + strings.Repeat("d", 57) + ".com"
	if len(email254) != 254 {
		t.Fatalf("test email has %d characters", len(email254))
	}
	siteURL := "http://acme.com/" + strings.Repeat("p", 2048-len("http://acme.com/"))
	body := map[string]any{
		"email": email254, "site_url": siteURL, "site_name": strings.Repeat("N", 120), "site_description": strings.Repeat("D", 2000),
		"agent": map[string]any{"name": strings.Repeat("A", 60), "operator": strings.Repeat("O", 100), "contact_url": "https://acme.com/agent"},
	}
	r := env.Client().Agent(t, "POST", "/accounts", body).Expect(t, http.StatusCreated)
	m := r.JSON(t)
	site, acct := object(t, m, "site"), object(t, m, "account")
	agent := object(t, acct, "created_by_agent")
	checks := []struct {
		name string
		got  any
		want string
	}{
		{"account.email", acct["email"], email254},
		{"site.website_url", site["website_url"], siteURL},
		{"site.brand_name", site["brand_name"], strings.Repeat("N", 120)},
		{"site.product_description", site["product_description"], strings.Repeat("D", 2000)},
		{"created_by_agent.name", agent["name"], strings.Repeat("A", 60)},
		{"created_by_agent.operator", agent["operator"], strings.Repeat("O", 100)},
		{"created_by_agent.contact_url", agent["contact_url"], "https://acme.com/agent"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %q", c.name, c.got, c.want)
		}
	}
}

// TestCreateAccountAnswer checks the 201 body field by field.
func TestCreateAccountAnswer(t *testing.T) {
	env := testenv.Shared(t)
	email := testenv.UniqueEmail("shape")
	r := env.Client().Agent(t, "POST", "/accounts", signupBody(email)).Expect(t, http.StatusCreated)
	m := r.JSON(t)
	if got := keysOf(m); got != "account,agent_key,claim_url,scan_job_id,site" {
		t.Fatalf("201 keys = %s", got)
	}
	acct, site, key := object(t, m, "account"), object(t, m, "site"), object(t, m, "agent_key")
	if got := keysOf(acct); got != "billing_status,claimed,claimed_at,created_at,created_by_agent,email,id,primary_site_id" {
		t.Fatalf("account keys = %s", got)
	}
	if acct["email"] != email || acct["claimed"] != false || acct["claimed_at"] != nil || acct["billing_status"] != "none" ||
		acct["primary_site_id"] != site["id"] || len(str(t, acct["id"])) != 36 || !strings.HasSuffix(str(t, acct["created_at"]), "Z") {
		t.Fatalf("account = %v", acct)
	}
	if got := fmt.Sprint(acct["created_by_agent"]); got != "map[contact_url:<nil> name:Test agent operator:<nil>]" {
		t.Fatalf("created_by_agent = %s", got)
	}
	if got := keysOf(site); got != "archived_at,avatar_url,billed_from,brand_name,created_at,dashboard_url,id,kind,product_description,removes_at,scan_status,status,website_url,writing" {
		t.Fatalf("site keys = %s", got)
	}
	if site["kind"] != "primary" || site["status"] != "active" || site["website_url"] != "https://acme.com" || site["scan_status"] != "queued" ||
		site["dashboard_url"] != env.URL+"/dashboard/sites/"+str(t, site["id"]) {
		t.Fatalf("site = %v", site)
	}
	if got := keysOf(object(t, site, "writing")); got != "audience,brand_voice,tone,writing_style" {
		t.Fatalf("writing keys = %s", got)
	}
	if got := keysOf(key); got != "client_id,contact_url,created_at,id,key,last_used_at,name,operator,prefix,type" {
		t.Fatalf("agent_key keys = %s", got)
	}
	secret := str(t, key["key"])
	if key["type"] != "key" || key["name"] != "Test agent" || key["prefix"] != secret[:15]+"…" || key["client_id"] != nil || key["last_used_at"] != nil {
		t.Fatalf("agent_key = %v", key)
	}
	if len(str(t, m["scan_job_id"])) != 36 || !strings.HasPrefix(str(t, m["claim_url"]), env.URL+"/claim/") {
		t.Fatalf("scan_job_id %v, claim_url %v", m["scan_job_id"], m["claim_url"])
	}
	got := env.Client().As(secret).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t)
	if fmt.Sprint(object(t, got, "account")) != fmt.Sprint(acct) {
		t.Fatalf("GET /account = %v\nwant the created account %v", got["account"], acct)
	}
	if keysOf(got) != "account" {
		t.Fatalf("GET /account keys = %s", keysOf(got))
	}
	mails := env.Emails(t, email)
	if len(mails) != 1 || mails[0].To != email || len(mails[0].Links) != 1 || mails[0].Links[0] != m["claim_url"] {
		t.Fatalf("welcome mail = %+v, want one with the claim link", mails)
	}
	if strings.Contains(mails[0].Text, secret) || !strings.Contains(mails[0].Text, secret[:15]) {
		t.Fatal("welcome mail must name the key by its prefix, never the secret")
	}
}

// TestAccountExistsCaseInsensitive refuses a second account for an email in
// any letter case.
func TestAccountExistsCaseInsensitive(t *testing.T) {
	env := testenv.Shared(t)
	email := testenv.UniqueEmail("Dup")
	env.Client().Agent(t, "POST", "/accounts", signupBody(email)).Expect(t, http.StatusCreated)
	for _, variant := range []string{email, strings.ToLower(email), strings.ToUpper(email)} {
		t.Run(variant, func(t *testing.T) {
			r := env.Client().Agent(t, "POST", "/accounts", signupBody(variant))
			expectError(t, r, http.StatusConflict, "account_exists")
		})
	}
	if n := len(env.Emails(t, email)); n != 1 {
		t.Fatalf("%d mails to the owner, want only the first welcome", n)
	}
}

// TestAccountExistsWhateverTheDomainsForm: an address whose domain is
// written in Unicode, in Punycode or in full-width forms is one mailbox, so
// one account; a disposable provider is refused in any of those forms.
func TestAccountExistsWhateverTheDomainsForm(t *testing.T) {
	env := testenv.Shared(t)
	local := strings.TrimSuffix(testenv.UniqueEmail("idn"), "@example.com")
	env.Client().Agent(t, "POST", "/accounts", signupBody(local+"@bücher.de")).Expect(t, http.StatusCreated)
	for _, variant := range []string{local + "@xn--bcher-kva.de", local + "@BÜCHER.de", local + "@\uff42\u00fc\uff43\uff48\uff45\uff52.de"} {
		t.Run(variant, func(t *testing.T) {
			expectError(t, env.Client().Agent(t, "POST", "/accounts", signupBody(variant)), http.StatusConflict, "account_exists")
		})
	}
	e := expectError(t, env.Client().Agent(t, "POST", "/accounts", signupBody(local+"@\uff4dailinator.com")), http.StatusUnprocessableEntity, "validation_failed")
	if len(e.Details) != 1 || e.Details[0].Field != "email" || !strings.Contains(e.Details[0].Problem, "disposable") {
		t.Fatalf("full-width disposable domain: details %+v, want email refused as disposable", e.Details)
	}
}

// TestDeleteAccountNeedsHuman always answers 403 human_required.
func TestDeleteAccountNeedsHuman(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	for i := 0; i < 2; i++ {
		e := expectError(t, acct.Client.Agent(t, "DELETE", "/account", nil), http.StatusForbidden, "human_required")
		if e.ActionURL != env.URL+"/dashboard/settings" {
			t.Fatalf("action_url = %q, want the dashboard settings page", e.ActionURL)
		}
	}
	acct.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
}
