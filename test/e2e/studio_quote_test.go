package e2e

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestStudioQuoteCurrency: money is a number in US dollars next to
// currency set to usd (spec 2), so the Studio quote, whose price_per_site,
// due_today and monthly_after are money, carries currency usd.
func TestStudioQuoteCurrency(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	q := object(t, a.Client.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t), "studio_quote")
	if q["currency"] != "usd" || q["price_per_site"] != 49.5 || q["due_today"] != 0.0 || q["monthly_after"] != 99.0 {
		t.Fatalf("studio_quote = %v, want currency usd next to its amounts", q)
	}
}
