package pages

import (
	"strconv"
	"strings"

	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/feature/webhooks"
)

// none is what the dashboard shows for an empty value.
const none = "—"

// page is what every dashboard page shows: its title, the owner and the
// CSRF token of its forms (sign-out included).
type page struct {
	Title, Email, CSRF string
}

func (o owner) page(title string) page {
	return page{Title: title, Email: o.account.Email, CSRF: o.csrf}
}

type overviewView struct {
	page
	Billing billingRow
	Sites   []siteRow
}

type siteView struct {
	page
	Site siteRow
}

type billingView struct {
	page
	Billing billingRow
}

type settingsView struct {
	page
	Account accountRow
}

type agentsView struct {
	page
	Keys    []keyRow
	Revoked bool
	Form    keyForm
	// Fields are the form's fields as the page shows them.
	Fields []formField
}

type webhooksView struct {
	page
	Endpoints []endpointRow
}

// billingRow is the account's billing state in words.
type billingRow struct {
	Status, Plan, TrialEndsAt, PeriodEnd, PastDueSince string
	Paid, CancelAtPeriodEnd                            bool
	// Subscribed says the account has a subscription to manage in the
	// processor's portal; otherwise it can start one through checkout.
	Subscribed bool
}

func billingRowOf(b billing.Billing) billingRow {
	return billingRow{
		Status: b.Status, Paid: b.Paid, CancelAtPeriodEnd: b.CancelAtPeriodEnd,
		Plan:        b.Plan.Name + ", " + b.Plan.Amount.String() + " " + strings.ToUpper(b.Plan.Currency) + " a " + b.Plan.Interval,
		TrialEndsAt: text(b.TrialEndsAt), PeriodEnd: text(b.CurrentPeriodEnd), PastDueSince: text(b.PastDueSince),
		Subscribed: b.Status != billing.StatusNone && b.Status != billing.StatusCanceled,
	}
}

type siteRow struct {
	ID, Name, URL, Status, Kind, ScanStatus, CreatedAt, RemovesAt string
}

func siteRowOf(s sites.Site) siteRow {
	name := text(s.BrandName)
	if name == none {
		name = s.ID
	}
	return siteRow{
		ID: s.ID, Name: name, URL: text(s.WebsiteURL), Status: s.Status, Kind: s.Kind,
		ScanStatus: s.ScanStatus, CreatedAt: s.CreatedAt, RemovesAt: text(s.RemovesAt),
	}
}

func siteRows(all []sites.Site) []siteRow {
	out := make([]siteRow, len(all))
	for i, s := range all {
		out[i] = siteRowOf(s)
	}
	return out
}

type accountRow struct {
	Email, ClaimedAt, CreatedAt, Agent, Operator string
}

func accountRowOf(a accounts.Account) accountRow {
	row := accountRow{Email: a.Email, ClaimedAt: text(a.ClaimedAt), CreatedAt: a.CreatedAt, Agent: none, Operator: none}
	if c := a.CreatedByAgent; c != nil {
		row.Agent, row.Operator = c.Name, text(c.Operator)
	}
	return row
}

type keyRow struct {
	ID, Name, Type, Prefix, Operator, CreatedAt, LastUsedAt string
}

func keyRows(keys []credentials.AgentKey) []keyRow {
	out := make([]keyRow, len(keys))
	for i, k := range keys {
		typ := "Agent key"
		if k.Type == credentials.TypeOAuth {
			typ = "App connection"
		}
		used := text(k.LastUsedAt)
		if used == none {
			used = "never"
		}
		out[i] = keyRow{
			ID: k.ID, Name: k.Name, Type: typ, Prefix: text(k.Prefix), Operator: text(k.Operator),
			CreatedAt: k.CreatedAt, LastUsedAt: used,
		}
	}
	return out
}

type endpointRow struct {
	URL, Events, Enabled, DisabledReason, LastDelivery string
}

func endpointRows(eps []webhooks.Endpoint) []endpointRow {
	out := make([]endpointRow, len(eps))
	for i, e := range eps {
		row := endpointRow{URL: e.URL, Events: strings.Join(e.Events, ", "), Enabled: "yes", DisabledReason: text(e.DisabledReason), LastDelivery: "none yet"}
		if !e.Enabled {
			row.Enabled = "no"
		}
		if e.LastDeliveryAt != nil {
			row.LastDelivery = *e.LastDeliveryAt
			switch st := e.LastDeliveryStatus; {
			case st == nil || *st == 0:
				row.LastDelivery += " (no answer)"
			default:
				row.LastDelivery += " (HTTP " + strconv.Itoa(*st) + ")"
			}
		}
		out[i] = row
	}
	return out
}

// text returns *s, or none when s is nil or empty.
func text(s *string) string {
	if s == nil || *s == "" {
		return none
	}
	return *s
}
