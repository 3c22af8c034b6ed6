package weburl

import "testing"

func TestParse(t *testing.T) {
	cases := []struct {
		raw       string
		httpsOnly bool
		ok        bool
	}{
		{"https://acme.com", false, true},
		{"http://www.acme.co.uk/about?x=1", false, true},
		{"https://93.184.216.34/", false, true},
		{"https://acme.com:8443/x", false, true},
		{"http://acme.com:99999/", false, false},
		{"http://acme.com:0/", false, false},
		{"http://acme.com/a b", false, false},
		{"http://-acme.com/", false, false},
		{"http://acme-.com/", false, false},
		{"http://a-b.acme.com/", false, true},
		{"https://acme.com/p?q=\"><script>", false, false},
		{"https://acme.com/`x`", false, false},
		{"ftp://acme.com", false, false},
		{"http://acme.com", true, false},
		{"https://localhost/", false, false},
		{"https://app.localhost/", false, false},
		{"https://printer.local/", false, false},
		{"https://db.internal/", false, false},
		{"https://intranet/", false, false},
		{"https://127.0.0.1/", false, false},
		{"https://127.1/", false, false},
		{"https://10.0.0.5/", false, false},
		{"https://172.16.3.4/", false, false},
		{"https://192.168.1.1/", false, false},
		{"https://169.254.169.254/latest/meta-data", false, false},
		{"https://100.64.0.1/", false, false},
		{"https://0.0.0.0/", false, false},
		{"https://224.0.0.1/", false, false},
		{"https://[::1]/", false, false},
		{"https://[fe80::1]/", false, false},
		{"https://[fc00::1]/", false, false},
		{"https://[::ffff:127.0.0.1]/", false, false},
		{"https://[2606:4700::1111]/", false, true},
		{"https://user:pw@acme.com/", false, false},
		{"acme.com", false, false},
		{"https://", false, false},
	}
	for _, c := range cases {
		t.Run(c.raw, func(t *testing.T) {
			_, problem := Parse(c.raw, c.httpsOnly)
			if (problem == "") != c.ok {
				t.Fatalf("Parse(%q, %v) problem = %q, want ok=%v", c.raw, c.httpsOnly, problem, c.ok)
			}
		})
	}
}

// A control character anywhere refuses the URL, including C1 characters
// url.Parse lets through in a path.
func TestControlCharactersAreRefused(t *testing.T) {
	for _, raw := range []string{"https://acme.com/a\u0085b", "https://acme.com/a\u009bb", "https://acme.com/\x00", "https://acme.com/a\tb", "https://acme.com/a\nb"} {
		if _, problem := Parse(raw, false); problem == "" {
			t.Errorf("Parse(%q) accepted it", raw)
		}
	}
}

// TestInternationalisedHosts: a host name in another script is a public
// host in its IDNA ASCII form, which Parse returns (port and path kept);
// one IDNA refuses, or a local name in any script, is not.
func TestInternationalisedHosts(t *testing.T) {
	for raw, want := range map[string]string{
		"https://bücher-audit.de":          "https://xn--bcher-audit-thb.de",
		"http://MÜNCHEN-audit.de:8080/x?y": "http://xn--mnchen-audit-dlb.de:8080/x?y",
		"https://例え.jp/ページ":                "https://xn--r8jz45g.jp/%E3%83%9A%E3%83%BC%E3%82%B8",
		"https://xn--bcher-kva.de/":        "https://xn--bcher-kva.de/",
		"https://[2606:4700::1111]:443/":   "https://[2606:4700::1111]:443/",
	} {
		u, p := Parse(raw, false)
		if p != "" || u.String() != want {
			t.Errorf("Parse(%q) = %v, %q; want %s", raw, u, p, want)
		}
	}
	for _, raw := range []string{"https://bü\u2028cher.de/", "https://drucker.lokal\u00e9.local/", "https://bücher/", "http://１２７.０.０.１/", "http://１２７。０。０。１/", "https://ｌｏｃａｌｈｏｓｔ/"} {
		if u, p := Parse(raw, false); p == "" {
			t.Errorf("Parse(%q) = %v, want refused", raw, u)
		}
	}
	if !PublicHost("bücher.de") || PublicHost("bücher.internal") {
		t.Error("PublicHost does not read internationalised names in their ASCII form")
	}
}

// TestPunycode checks the encoder with RFC 3492's and IDNA's known forms.
func TestPunycode(t *testing.T) {
	for in, want := range map[string]string{
		"bücher":            "bcher-kva",
		"bücher-audit":      "bcher-audit-thb",
		"münchen-audit":     "mnchen-audit-dlb",
		"例え":                "r8jz45g",
		"ليهمابتكلموشعربي؟": "egbpdaj6bu4bxfgehfvwxn",
		"他们为什么不说中文":         "ihqwcrb4cv8a8dqg056pqjye",
		"почемужеонинеговорятпорусски": "b1abfaaepdrnnbgefbadotcwatmq2g4l",
		"3年b組金八先生": "3b-ww4c5e180e575a65lsy2b",
	} {
		if got, ok := punycode(in); !ok || got != want {
			t.Errorf("punycode(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}
