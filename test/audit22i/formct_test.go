package audit22i

import (
	"encoding/json"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"rvcontent/shared/edge/routes"
)

// TestDashboardFormsInOtherEncodingsAnswerNo5xx signs the owner in,
// takes the session cookie, and submits every dashboard form but the
// destructive ones (with its right CSRF token) as JSON, as multipart, as
// text/plain, as a form declared in UTF-16, with a broken
// percent-encoding, with an invalid UTF-8 value, and with every field
// doubled; and opens every dashboard page with two session cookies, the
// right one last. No answer is a 5xx, and some forms go through (the
// session is taken).
func TestDashboardFormsInOtherEncodingsAnswerNo5xx(t *testing.T) {
	env, r := startUnlimited(t)
	env.Claim(t, r.Account)
	b := env.NewBrowser(t)
	signedIn := b.OpenLink(t, env.SignInLink(t, b, r.Email, "/dashboard"))
	var session string
	for _, c := range (&http.Response{Header: signedIn.Header}).Cookies() {
		if c.Name == "session" && c.Value != "" {
			session = c.Value
		}
	}
	if session == "" {
		t.Fatalf("signing in set no session cookie: %v", signedIn.Header)
	}
	cookie := "Cookie: session=" + session
	forms := map[string]url.Values{}
	sent := 0
	for _, rt := range routes.Table {
		if rt.Group != routes.Pages || rt.Method != http.MethodGet || !strings.HasPrefix(rt.Path, "/dashboard") {
			continue
		}
		path := r.Path(rt)
		status, _, _ := raw(t, env.URL, "GET", path, nil, "Cookie: session=junk; session="+session, "Accept: text/html")
		sent++
		if status >= 500 {
			t.Errorf("GET %s with two session cookies: %d", path, status)
		}
		page := b.Get(t, path)
		if page.Status != http.StatusOK {
			continue
		}
		for _, m := range formAction.FindAllStringSubmatch(page.Body, -1) {
			action := strings.ReplaceAll(m[1]+m[2], "&amp;", "&")
			if _, seen := forms[action]; !seen && strings.HasPrefix(action, "/dashboard") {
				forms[action] = page.Form(t, action)
			}
		}
	}
	actions := make([]string, 0, len(forms))
	for a := range forms {
		actions = append(actions, a)
	}
	sort.Strings(actions)
	seen := map[int]int{}
	for _, action := range actions {
		if strings.Contains(action, "delete") || strings.Contains(action, "revoke") || strings.Contains(action, "disable") ||
			strings.Contains(action, "disconnect") || strings.Contains(action, "signout") || strings.Contains(action, "activate") {
			continue
		}
		form := forms[action]
		flat := map[string]string{}
		doubled := url.Values{}
		for k, vs := range form {
			flat[k] = form.Get(k)
			doubled[k] = append(append([]string(nil), vs...), vs...)
		}
		js, err := json.Marshal(flat)
		if err != nil {
			t.Fatal(err)
		}
		enc := form.Encode()
		for _, v := range []struct{ name, ct, body string }{
			{"JSON", "application/json", string(js)},
			{"multipart", "multipart/form-data; boundary=zz", "--zz\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n" + form.Get("csrf") + "\r\n--zz--\r\n"},
			{"text/plain", "text/plain", enc},
			{"UTF-16 form", "application/x-www-form-urlencoded; charset=utf-16", enc},
			{"broken percent-encoding", "application/x-www-form-urlencoded", enc + "&%zz=%zz&a=%"},
			{"invalid UTF-8", "application/x-www-form-urlencoded", enc + "&name=%FF%FE&title=%ED%A0%80"},
			{"every field doubled", "application/x-www-form-urlencoded", doubled.Encode()},
			{"no Content-Type", "", enc},
		} {
			headers := []string{cookie, "Accept: text/html"}
			if v.ct != "" {
				headers = append(headers, "Content-Type: "+v.ct)
			}
			status, _, body := raw(t, env.URL, "POST", action, []byte(v.body), headers...)
			sent++
			seen[status]++
			if status >= 500 {
				t.Errorf("POST %s as %s: %d\n%.300s", action, v.name, status, body)
			}
		}
	}
	if len(forms) < 10 || sent < 100 {
		t.Fatalf("only %d forms, %d requests", len(forms), sent)
	}
	if seen[http.StatusOK]+seen[http.StatusCreated]+seen[http.StatusSeeOther] == 0 {
		t.Fatalf("no form went through (%v): the session was not taken", seen)
	}
}
