package emailcheck

import (
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	cases := []struct {
		address string
		ok      bool
	}{
		{"owner@example.com", true},
		{"first.last+tag@company.co.uk", true},
		{"owner@mailinator.com", false},
		{"owner@yopmail.com", false},
		{"owner@sub.33mail.com", false}, // wildcard entry
		{"not-an-email", false},
		{"Owner <owner@example.com>", false},
		{"owner@localhost", false},
		{"owner@example.com.", false},
		{"owner@[127.0.0.1]", false},
		{"bob\u2028x@example.com", false},
		{"bob\u202e@example.com", false},
		{"owner@[203.0.113.9]", false},
		{"owner@bücher.de", true},
		{"owner@\uff4dailinator.com", false}, // full-width m: mailinator.com to mail software
		{"owner@MAILINATOR.com", false},
		// Mail is addressed to a host name (RFC 5321 4.1.2): labels of
		// letters, digits and hyphens, no hyphen at either end, 63
		// characters at most; a bare IP address or a private name is none.
		{"owner@-example.com", false},
		{"owner@example-.com", false},
		{"owner@ex_ample.com", false},
		{"owner@" + strings.Repeat("b", 64) + ".com", false},
		{"owner@" + strings.Repeat("b", 63) + ".com", true},
		{"owner@123.123.123.123", false},
		{"owner@example.local", false},
		{"owner@mail.internal", false},
		{"owner@my-company.co.uk", true},
		{"owner@xn--bcher-kva.de", true},
		// The local part is at most 64 octets (RFC 5321 4.5.3.1.1).
		{strings.Repeat("a", 64) + "@example.com", true},
		{strings.Repeat("a", 65) + "@example.com", false},
		// SES sends only to an ASCII local part (no SMTPUTF8).
		{"müller@example.com", false},
		{"\uff4fwner@example.com", false}, // full-width o
		{"o'brien+news@example.com", true},
	}
	for _, c := range cases {
		t.Run(c.address, func(t *testing.T) {
			if got := Check(c.address) == ""; got != c.ok {
				t.Fatalf("Check(%q) ok = %v, want %v (%q)", c.address, got, c.ok, Check(c.address))
			}
		})
	}
}

// Canonical writes an address's domain in its ASCII form and keeps the rest.
func TestCanonical(t *testing.T) {
	cases := map[string]string{
		"owner@example.com":         "owner@example.com",
		"Owner@bücher.de":           "Owner@xn--bcher-kva.de",
		"owner@BÜCHER.de":           "owner@xn--bcher-kva.de",
		"owner@xn--bcher-kva.de":    "owner@xn--bcher-kva.de",
		"owner@\uff4dailinator.com": "owner@mailinator.com",
		"\"a@b\"@example.com":       "\"a@b\"@example.com",
		"no-at-sign":                "no-at-sign",
	}
	for in, want := range cases {
		if got := Canonical(in); got != want {
			t.Errorf("Canonical(%q) = %q, want %q", in, got, want)
		}
	}
}
