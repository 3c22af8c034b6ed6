package stripepay

import (
	"context"
	"net/http"

	"github.com/stripe/stripe-go/v82"
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

func (a api) retrieveSubscription(ctx context.Context, id string) (*stripe.Subscription, error) {
	p := &stripe.SubscriptionRetrieveParams{}
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
