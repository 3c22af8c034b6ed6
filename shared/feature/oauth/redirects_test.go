package oauth

import "testing"

func TestCheckRedirectURI(t *testing.T) {
	ok := []string{
		"https://app.example.com/cb",
		"https://app.example.com:8443/cb?x=1",
		"http://127.0.0.1:53682/callback",
		"http://127.0.0.1/callback",
		"http://[::1]:9000/",
		"http://localhost:3000/cb",
		"http://LOCALHOST:3000/cb",
		"https://bücher.example/cb",
		"https://xn--bcher-kva.example./cb",
		"https://my_app.example.com/cb",
		"https://[2001:db8::1]/cb",
	}
	for _, u := range ok {
		if err := CheckRedirectURI(u); err != nil {
			t.Errorf("%q refused: %v", u, err)
		}
	}
	bad := []string{
		"", "/cb", "app.example.com/cb", "http://app.example.com/cb", "http://10.0.0.1/cb", "http://127.0.0.2/cb",
		"http://localhost.example.com/cb", "myapp://cb", "javascript:alert(1)", "https://app.example.com/cb#frag",
		"https://user:pw@app.example.com/cb", "ftp://127.0.0.1/cb", "https:///cb",
		"https://ex.com/c b", "https://ex.com:99999/cb", "https://ex.com:0/cb", "https://ex.com/cb\t",
		// Characters no host has, which Go's URL parser lets through.
		"https://a;b.example/cb", "https://a,b.example/cb", "https://a'b.example/cb", "https://a\"b.example/cb",
		"https://a*b.example/cb", "https://a..b/cb", "https://[not:an:ip]/cb",
	}
	for _, u := range bad {
		if err := CheckRedirectURI(u); err == nil {
			t.Errorf("%q accepted", u)
		}
	}
}

func TestMatchRedirect(t *testing.T) {
	registered := []string{"https://app.example.com/cb", "http://127.0.0.1/callback", "http://localhost:8080/cb?x=1"}
	cases := map[string]bool{
		"https://app.example.com/cb":       true,
		"https://app.example.com/cb/":      false,
		"https://app.example.com:443/cb":   false,
		"https://APP.example.com/cb":       false,
		"http://127.0.0.1:51234/callback":  true, // loopback: any port
		"http://127.0.0.1/callback":        true,
		"http://127.0.0.1:51234/other":     false,
		"http://localhost:9999/cb?x=1":     true,
		"http://localhost:9999/cb?x=2":     false,
		"http://[::1]:51234/callback":      false, // another loopback host was not registered
		"http://127.0.0.1:51234/callback#": false,
	}
	for uri, want := range cases {
		if got := MatchRedirect(registered, uri); got != want {
			t.Errorf("MatchRedirect(%q) = %v, want %v", uri, got, want)
		}
	}
}

func TestWithParamsKeepsTheQuery(t *testing.T) {
	const added = "code=abc&iss=https%3A%2F%2Fissuer.example&state=s+t"
	cases := map[string]string{
		"https://app.example.com/cb?keep=1":         "https://app.example.com/cb?keep=1&" + added,
		"https://app.example.com/cb":                "https://app.example.com/cb?" + added,
		"https://app.example.com/cb?":               "https://app.example.com/cb?" + added,
		"https://app.example.com/cb?a=1&":           "https://app.example.com/cb?a=1&" + added,
		"https://app.example.com/cb?t=acme;eu&flag": "https://app.example.com/cb?t=acme;eu&flag&" + added,
	}
	for uri, want := range cases {
		if got := answer(uri, "https://issuer.example", "s t", map[string][]string{"code": {"abc"}}); got != want {
			t.Errorf("answer(%q) = %q, want %q", uri, got, want)
		}
	}
}
