package mcpserver

// billingTools are the tools of billing (spec 4.9). The owner pays on the
// pages these links open; the service never sees a card number.
var billingTools = []Spec{
	{
		Method: "GET", Path: "/billing", Name: "get_billing",
		Description: "Returns the account's billing status, plan, Studio sites and monthly total.",
	},
	{
		Method: "POST", Path: "/billing/checkout", Name: "create_checkout_link",
		Description: "Returns a checkout link for the owner (7-day trial, or the plan when an earlier subscription ended), valid 7 days; conflict while a subscription is current.",
	},
	{
		Method: "POST", Path: "/billing/portal", Name: "create_portal_link",
		Description: "Returns a billing portal link (valid 24 hours) where the owner manages card, invoices and cancellation; conflict without a subscription.",
	},
	{
		Method: "POST", Path: "/billing/activate", Name: "activate_billing",
		Description: "Ends the trial now and charges the plan (49.5 USD); returns {billing, charged}; conflict when not trialing, payment_failed when the card is declined.",
	},
	{
		Method: "GET", Path: "/billing/studio-quote", Name: "get_studio_quote",
		Description: "Returns the price of one more Studio site today; pass its proration_date to add_studio_site within 30 minutes.",
	},
}
