package stripepay

import (
	"context"
	"net/http"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/form"
)

// api is the part of Stripe's API the adapter calls, on the library's
// backend, as the library's own services call it. The library's Client
// holds every one of Stripe's services, which would link all of their
// types into each function that takes payments.
type api struct {
	b   stripe.Backend
	key string
}

func (a api) createCustomer(ctx context.Context, p *stripe.CustomerCreateParams) (*stripe.Customer, error) {
	p.Context = ctx
	out := &stripe.Customer{}
	return out, a.b.Call(http.MethodPost, "/v1/customers", a.key, p, out)
}

func (a api) createCheckoutSession(ctx context.Context, p *stripe.CheckoutSessionCreateParams) (*stripe.CheckoutSession, error) {
	p.Context = ctx
	out := &stripe.CheckoutSession{}
	return out, a.b.Call(http.MethodPost, "/v1/checkout/sessions", a.key, p, out)
}

func (a api) expireCheckoutSession(ctx context.Context, id string) (*stripe.CheckoutSession, error) {
	p := &stripe.CheckoutSessionExpireParams{}
	p.Context = ctx
	out := &stripe.CheckoutSession{}
	return out, a.b.Call(http.MethodPost, stripe.FormatURLPath("/v1/checkout/sessions/%s/expire", id), a.key, p, out)
}

func (a api) createPortalSession(ctx context.Context, p *stripe.BillingPortalSessionCreateParams) (*stripe.BillingPortalSession, error) {
	p.Context = ctx
	out := &stripe.BillingPortalSession{}
	return out, a.b.Call(http.MethodPost, "/v1/billing_portal/sessions", a.key, p, out)
}

// retrieveSubscription reads subscription id with its default payment
// method expanded, so the snapshot has the card on file.
func (a api) retrieveSubscription(ctx context.Context, id string) (*stripe.Subscription, error) {
	p := &stripe.SubscriptionRetrieveParams{Expand: []*string{stripe.String("default_payment_method")}}
	p.Context = ctx
	out := &stripe.Subscription{}
	return out, a.b.Call(http.MethodGet, stripe.FormatURLPath("/v1/subscriptions/%s", id), a.key, p, out)
}

// subscriptionWithInvoice reads subscription id with its latest invoice
// expanded.
func (a api) subscriptionWithInvoice(ctx context.Context, id string) (*stripe.Subscription, error) {
	p := &stripe.SubscriptionRetrieveParams{Expand: []*string{stripe.String("latest_invoice")}}
	p.Context = ctx
	out := &stripe.Subscription{}
	return out, a.b.Call(http.MethodGet, stripe.FormatURLPath("/v1/subscriptions/%s", id), a.key, p, out)
}

func (a api) updateSubscription(ctx context.Context, id string, p *stripe.SubscriptionUpdateParams) (*stripe.Subscription, error) {
	p.Context = ctx
	out := &stripe.Subscription{}
	return out, a.b.Call(http.MethodPost, stripe.FormatURLPath("/v1/subscriptions/%s", id), a.key, p, out)
}

func (a api) cancelSubscription(ctx context.Context, id string, p *stripe.SubscriptionCancelParams) (*stripe.Subscription, error) {
	p.Context = ctx
	out := &stripe.Subscription{}
	return out, a.b.Call(http.MethodDelete, stripe.FormatURLPath("/v1/subscriptions/%s", id), a.key, p, out)
}

func (a api) createSetupIntent(ctx context.Context, p *stripe.SetupIntentCreateParams) (*stripe.SetupIntent, error) {
	p.Context = ctx
	out := &stripe.SetupIntent{}
	return out, a.b.Call(http.MethodPost, "/v1/setup_intents", a.key, p, out)
}

// paidInvoices lists the paid invoices of subscription id, newest first
// (one page: the few of a subscription that just started).
func (a api) paidInvoices(ctx context.Context, id string) (*stripe.InvoiceList, error) {
	p := &stripe.InvoiceListParams{Subscription: stripe.String(id), Status: stripe.String(string(stripe.InvoiceStatusPaid))}
	out := &stripe.InvoiceList{}
	return out, a.list(ctx, "/v1/invoices", p, out)
}

// paidInvoicePayments lists the paid payments of invoice id, each with its
// PaymentIntent.
func (a api) paidInvoicePayments(ctx context.Context, id string) (*stripe.InvoicePaymentList, error) {
	p := &stripe.InvoicePaymentListParams{Invoice: stripe.String(id), Status: stripe.String("paid"), Expand: []*string{stripe.String("data.payment.payment_intent")}}
	out := &stripe.InvoicePaymentList{}
	return out, a.list(ctx, "/v1/invoice_payments", p, out)
}

// invoicePayments lists the payments of invoice id, each with its
// PaymentIntent.
func (a api) invoicePayments(ctx context.Context, id string) (*stripe.InvoicePaymentList, error) {
	p := &stripe.InvoicePaymentListParams{Invoice: stripe.String(id), Expand: []*string{stripe.String("data.payment.payment_intent")}}
	out := &stripe.InvoicePaymentList{}
	return out, a.list(ctx, "/v1/invoice_payments", p, out)
}

func (a api) retrieveInvoice(ctx context.Context, id string) (*stripe.Invoice, error) {
	p := &stripe.InvoiceRetrieveParams{}
	p.Context = ctx
	out := &stripe.Invoice{}
	return out, a.b.Call(http.MethodGet, stripe.FormatURLPath("/v1/invoices/%s", id), a.key, p, out)
}

// voidInvoice voids invoice id with idempotency key key.
func (a api) voidInvoice(ctx context.Context, id, key string) (*stripe.Invoice, error) {
	p := &stripe.InvoiceVoidInvoiceParams{Params: stripe.Params{IdempotencyKey: stripe.String(key)}}
	p.Context = ctx
	out := &stripe.Invoice{}
	return out, a.b.Call(http.MethodPost, stripe.FormatURLPath("/v1/invoices/%s/void", id), a.key, p, out)
}

// list reads the first page of a list, as the library's list iterators
// send it: the parameters as the query.
func (a api) list(ctx context.Context, path string, params stripe.ListParamsContainer, out stripe.LastResponseSetter) error {
	query := &form.Values{}
	form.AppendTo(query, params)
	p := params.GetListParams().ToParams()
	p.Context = ctx
	return a.b.CallRaw(http.MethodGet, path, a.key, []byte(query.Encode()), p, out)
}

func (a api) createRefund(ctx context.Context, p *stripe.RefundCreateParams) (*stripe.Refund, error) {
	p.Context = ctx
	out := &stripe.Refund{}
	return out, a.b.Call(http.MethodPost, "/v1/refunds", a.key, p, out)
}
