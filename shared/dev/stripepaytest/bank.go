package stripepaytest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Bank stands in front of stripe-mock, which answers every charge as paid,
// and answers the charges of the subscriptions it is told about as Stripe
// does when the bank declines them or wants the cardholder to authenticate
// them: a subscription update with payment_behavior=error_if_incomplete is
// refused (402, card_error, the update not applied); with
// pending_if_incomplete the update is kept pending (pending_update) and
// the subscription's latest invoice stays open, its payment intent
// requires_action (authentication) or requires_payment_method (a decline),
// with a hosted invoice page where the cardholder pays it. Voiding that
// invoice discards the pending update. Every other request goes on to
// stripe-mock. Only for tests.
type Bank struct {
	proxy *httputil.ReverseProxy

	mu     sync.Mutex
	cards  map[string]string // subscription: "authenticate" or "decline"
	voided map[string]bool   // invoice ids voided
	open   map[string]bool   // subscriptions with an update pending
	kept   map[string]int    // updates kept pending, by subscription
}

// Card behaviours of Bank.
const (
	needsAuthentication = "authenticate"
	declines            = "decline"
)

// NewBank returns a Bank in front of stripe-mock at upstream.
func NewBank(upstream string) (*Bank, error) {
	u, err := url.Parse(upstream)
	if err != nil {
		return nil, err
	}
	return &Bank{proxy: httputil.NewSingleHostReverseProxy(u), cards: map[string]string{}, voided: map[string]bool{}, open: map[string]bool{}, kept: map[string]int{}}, nil
}

// NeedsAuthentication makes the charges of subscription sub need the
// cardholder's authentication.
func (b *Bank) NeedsAuthentication(sub string) { b.set(sub, needsAuthentication) }

// Declines makes the charges of subscription sub declined.
func (b *Bank) Declines(sub string) { b.set(sub, declines) }

func (b *Bank) set(sub, card string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.cards[sub] = card
}

// PendingInvoice returns the id of the invoice an update of subscription sub
// leaves open.
func PendingInvoice(sub string) string { return "in_" + strings.TrimPrefix(sub, "sub_") }

// InvoicePage returns the hosted page of invoice id, where the cardholder
// pays it.
func InvoicePage(id string) string { return "https://invoice.stripe.com/i/acct_test/" + id }

// Pending reports whether subscription sub has an update pending: kept
// with its invoice open, not voided since.
func (b *Bank) Pending(sub string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.open[sub]
}

// Kept returns how many updates of subscription sub were kept pending.
func (b *Bank) Kept(sub string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.kept[sub]
}

// card returns the behaviour of subscription sub ("" for stripe-mock's).
func (b *Bank) card(sub string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.cards[sub]
}

// subscriptionOf returns the subscription of invoice id Bank knows.
func (b *Bank) subscriptionOf(id string) (string, string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for sub, card := range b.cards {
		if PendingInvoice(sub) == id {
			return sub, card
		}
	}
	return "", ""
}

// ServeHTTP answers Stripe's API.
func (b *Bank) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	switch {
	case r.Method == http.MethodPost && strings.HasPrefix(path, "/v1/subscriptions/"):
		sub := strings.TrimPrefix(path, "/v1/subscriptions/")
		if card := b.card(sub); card != "" {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			if form, err := url.ParseQuery(string(body)); err == nil && form.Get("payment_behavior") != "" {
				b.update(w, sub, card, form.Get("payment_behavior"))
				return
			}
		}
	case r.Method == http.MethodGet && strings.HasPrefix(path, "/v1/subscriptions/"):
		if sub := strings.TrimPrefix(path, "/v1/subscriptions/"); b.Pending(sub) {
			write(w, http.StatusOK, b.pendingSubscription(sub))
			return
		}
	case r.Method == http.MethodGet && path == "/v1/invoice_payments":
		if sub, card := b.subscriptionOf(r.URL.Query().Get("invoice")); sub != "" {
			status := "requires_payment_method"
			if card == needsAuthentication {
				status = "requires_action"
			}
			write(w, http.StatusOK, map[string]any{"object": "list", "url": "/v1/invoice_payments", "has_more": false, "data": []any{map[string]any{
				"id": "inpay_" + sub, "object": "invoice_payment", "invoice": PendingInvoice(sub), "status": "open", "is_default": true,
				"amount_requested": 4950, "currency": "usd",
				"payment": map[string]any{"type": "payment_intent", "payment_intent": map[string]any{
					"id": "pi_" + sub, "object": "payment_intent", "status": status, "amount": 4950, "currency": "usd",
				}},
			}}})
			return
		}
	case strings.HasPrefix(path, "/v1/invoices/"):
		id, void := strings.CutSuffix(strings.TrimPrefix(path, "/v1/invoices/"), "/void")
		if sub, _ := b.subscriptionOf(id); sub != "" {
			if void && r.Method == http.MethodPost {
				b.mu.Lock()
				b.voided[id], b.open[sub] = true, false
				b.mu.Unlock()
			}
			write(w, http.StatusOK, b.invoice(sub))
			return
		}
	}
	b.proxy.ServeHTTP(w, r)
}

// update answers an update of subscription sub whose charge card refuses.
func (b *Bank) update(w http.ResponseWriter, sub, card, behavior string) {
	if behavior == "error_if_incomplete" {
		code, msg := "card_declined", "Your card was declined."
		if card == needsAuthentication {
			code, msg = "subscription_payment_intent_requires_action", "Payment for this subscription requires additional user action before it can be completed successfully."
		}
		write(w, http.StatusPaymentRequired, map[string]any{"error": map[string]any{"type": "card_error", "code": code, "message": msg}})
		return
	}
	b.mu.Lock()
	b.open[sub] = true
	b.kept[sub]++
	// Each kept update has an invoice of its own, open until paid or
	// voided; the stand-in reuses the subscription's invoice id.
	delete(b.voided, PendingInvoice(sub))
	b.mu.Unlock()
	write(w, http.StatusOK, b.pendingSubscription(sub))
}

// pendingSubscription is subscription sub with an update kept pending.
func (b *Bank) pendingSubscription(sub string) map[string]any {
	now := time.Now().UTC()
	return map[string]any{
		"id": sub, "object": "subscription", "status": "trialing", "customer": "cus_" + strings.TrimPrefix(sub, "sub_"),
		"pending_update": map[string]any{"expires_at": now.Add(23 * time.Hour).Unix(), "trial_end": now.Unix()},
		"latest_invoice": b.invoice(sub),
		"items": map[string]any{"object": "list", "data": []any{map[string]any{
			"id": "si_" + sub, "object": "subscription_item", "quantity": 1,
			"current_period_start": now.Add(-24 * time.Hour).Unix(), "current_period_end": now.Add(6 * 24 * time.Hour).Unix(),
			"price": map[string]any{"id": PlanPrice, "object": "price", "unit_amount": 4950, "currency": "usd"},
		}}},
	}
}

// invoice is the open (or voided) invoice of an update of sub.
func (b *Bank) invoice(sub string) map[string]any {
	id := PendingInvoice(sub)
	status := "open"
	b.mu.Lock()
	if b.voided[id] {
		status = "void"
	}
	b.mu.Unlock()
	return map[string]any{
		"id": id, "object": "invoice", "status": status, "billing_reason": "subscription_update", "currency": "usd",
		"amount_due": 4950, "amount_paid": 0, "hosted_invoice_url": InvoicePage(id),
	}
}

func write(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
