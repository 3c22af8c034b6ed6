package simpay

import (
	"strings"

	"rvcontent/shared/platform/payments"
)

// behaviour is what a test card does, as Stripe's test cards do.
type behaviour int

const (
	// succeeds: every charge succeeds (4242424242424242 and any other
	// valid number).
	succeeds behaviour = iota
	// declinedAtCheckout: declined at checkout; checkout stays open
	// (4000000000000002).
	declinedAtCheckout
	// declinesLater: checkout completes; every later charge is declined
	// (4000000000000341).
	declinesLater
	// needsAuthentication: checkout completes; later charges need
	// cardholder authentication (4000002500003155).
	needsAuthentication
	// failsCheck: checkout completes; the trial card check fails, and so
	// do later charges (4000000000000101).
	failsCheck
)

var testCards = map[string]behaviour{
	"4242424242424242": succeeds,
	"4000000000000002": declinedAtCheckout,
	"4000000000000341": declinesLater,
	"4000002500003155": needsAuthentication,
	"4000000000000101": failsCheck,
}

// card is a card number read from a form, with its behaviour.
type card struct {
	Number string
	Does   behaviour
}

// readCard normalises a card number (spaces and dashes dropped) and
// reports whether it is a plausible card number (13 to 19 digits passing
// the Luhn check).
func readCard(raw string) (card, bool) {
	n := strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(raw))
	if len(n) < 13 || len(n) > 19 || !luhn(n) {
		return card{}, false
	}
	return card{Number: n, Does: testCards[n]}, true
}

func luhn(n string) bool {
	sum := 0
	for i := 0; i < len(n); i++ {
		c := n[len(n)-1-i]
		if c < '0' || c > '9' {
			return false
		}
		d := int(c - '0')
		if i%2 == 1 {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

// public returns what may be shown of the card.
func (c card) public() payments.Card {
	brand := "visa"
	switch {
	case strings.HasPrefix(c.Number, "34"), strings.HasPrefix(c.Number, "37"):
		brand = "amex"
	case strings.HasPrefix(c.Number, "5"), strings.HasPrefix(c.Number, "2"):
		brand = "mastercard"
	case strings.HasPrefix(c.Number, "6"):
		brand = "discover"
	}
	return payments.Card{Brand: brand, Last4: c.Number[len(c.Number)-4:]}
}

// outcome is the result of charging the card off-session (no cardholder
// present): renewals, ending a trial, Studio sites.
func (c card) outcome() error {
	switch c.Does {
	case declinesLater, failsCheck, declinedAtCheckout:
		return payments.ErrDeclined
	case needsAuthentication:
		return payments.ErrAuthentication
	}
	return nil
}
