package simpay

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/pages"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/payments"
)

// Routes returns the hosted pages and the charge log, by harness pattern.
func (p *Processor) Routes() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		"GET /_dev/pay/checkout/{id}":       p.showCheckout,
		"POST /_dev/pay/checkout/{id}":      p.submitCheckout,
		"GET /_dev/pay/portal/{id}":         p.showPortal,
		"POST /_dev/pay/portal/{id}/cancel": p.portalAction(func(r *http.Request, id string) (subItem, error) { return p.setCancel(r.Context(), id, true) }),
		"POST /_dev/pay/portal/{id}/resume": p.portalAction(func(r *http.Request, id string) (subItem, error) { return p.setCancel(r.Context(), id, false) }),
		"POST /_dev/pay/portal/{id}/card": p.portalAction(func(r *http.Request, id string) (subItem, error) {
			return p.replaceCard(r.Context(), id, readCardField(r))
		}),
		"POST /_dev/pay/portal/{id}/authenticate": p.portalAction(func(r *http.Request, id string) (subItem, error) { return p.authenticate(r.Context(), id) }),
		"GET /_dev/pay/charges":                   p.charges,
	}
}

// wantsHTML tells a browser (which asks for text/html) from a program,
// which gets JSON.
func wantsHTML(r *http.Request) bool { return strings.Contains(r.Header.Get("Accept"), "text/html") }

// readCardField reads "card" from a JSON or form body.
func readCardField(r *http.Request) string {
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<10))
	if err != nil {
		return ""
	}
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct == "application/json" || json.Valid(body) {
		var v struct {
			Card string `json:"card"`
		}
		_ = json.Unmarshal(body, &v)
		return v.Card
	}
	form, _ := url.ParseQuery(string(body))
	return form.Get("card")
}

// pageStatus maps a page outcome to an HTTP status.
func pageStatus(err error) int {
	switch {
	case errors.Is(err, errGone):
		return http.StatusNotFound
	case errors.Is(err, errDone), errors.Is(err, errRefusedHere), errors.Is(err, errNothingWaiting), errors.Is(err, payments.ErrConflict):
		return http.StatusConflict
	case errors.Is(err, errInvalidCard), errors.Is(err, errCardRefused):
		return http.StatusPaymentRequired
	}
	return http.StatusInternalServerError
}

// pageCode is the API's error code for a page outcome, so a program reads
// the harness's errors in the API's shape ({error, code}).
func pageCode(err error) apperr.Code {
	switch pageStatus(err) {
	case http.StatusNotFound:
		return apperr.NotFound
	case http.StatusConflict:
		return apperr.Conflict
	case http.StatusPaymentRequired:
		return apperr.PaymentFailed
	}
	return apperr.Internal
}

// message is the sentence a page shows for err; internal errors are logged.
func message(r *http.Request, err error) string {
	if pageStatus(err) == http.StatusInternalServerError {
		slog.ErrorContext(r.Context(), "simulated payment page", "path", r.URL.Path, "err", err)
		return "Something went wrong. Please try again."
	}
	return err.Error()
}

type checkoutPage struct {
	ID, Title, Terms, Email, Button, Error string
	// Back leaves the checkout without paying (Stripe's cancel address).
	Back string
}

func (p *Processor) checkoutPage(co checkoutItem, errText string) checkoutPage {
	v := checkoutPage{ID: co.ID, Email: co.Email, Error: errText, Back: co.ReturnURL}
	price := payments.PlanCents.String()
	if co.Mode == payments.ModeTrial {
		v.Title, v.Button = "Start your free trial", "Start trial"
		v.Terms = fmt.Sprintf("%d days free, then %s USD a month for the %s plan. Cancel any time before the trial ends and nothing is charged.", payments.TrialDays, price, payments.PlanName)
	} else {
		v.Title, v.Button = "Subscribe to the "+payments.PlanName+" plan", "Pay "+price+" USD"
		v.Terms = fmt.Sprintf("%s USD today, then every month. Cancel any time.", price)
	}
	return v
}

func (p *Processor) showCheckout(w http.ResponseWriter, r *http.Request) {
	co, err := p.getCheckout(r.Context(), r.PathValue("id"))
	if err != nil {
		pages.Render(w, pageStatus(err), "pay_result.html", result{Title: "Checkout unavailable", Text: message(r, err), Failed: true})
		return
	}
	if co.Completed {
		pages.Render(w, http.StatusOK, "pay_result.html", result{Title: "Checkout complete", Text: errDone.Error(), Back: completedURL(co)})
		return
	}
	pages.Render(w, http.StatusOK, "pay_checkout.html", p.checkoutPage(co, ""))
}

func (p *Processor) submitCheckout(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	err := p.complete(r.Context(), id, readCardField(r))
	if !wantsHTML(r) {
		if err != nil {
			api.JSON(w, pageStatus(err), map[string]any{"completed": false, "error": message(r, err), "code": pageCode(err)})
			return
		}
		api.JSON(w, http.StatusOK, map[string]any{"completed": true})
		return
	}
	switch {
	case err == nil:
		// As Stripe's checkout does, a completed checkout goes back to
		// its success address.
		if co, gerr := p.getCheckout(r.Context(), id); gerr == nil && co.ReturnURL != "" {
			http.Redirect(w, r, completedURL(co), http.StatusSeeOther)
			return
		}
		pages.Render(w, http.StatusOK, "pay_result.html", result{Title: "Thank you", Text: "Checkout is complete. You can close this page."})
	case errors.Is(err, errInvalidCard), errors.Is(err, errCardRefused):
		co, gerr := p.getCheckout(r.Context(), id)
		if gerr == nil {
			pages.Render(w, pageStatus(err), "pay_checkout.html", p.checkoutPage(co, message(r, err)+" Try another card."))
			return
		}
		fallthrough
	default:
		pages.Render(w, pageStatus(err), "pay_result.html", result{Title: "Checkout not completed", Text: message(r, err), Failed: true})
	}
}

type portalPage struct {
	ID, Plan, Status, PeriodEnd, Card, Notice, Error string
	// Waiting says what the payment waiting for the cardholder's
	// authentication charges; empty when none waits.
	Waiting string
	// PeriodISO is PeriodEnd for a <time datetime>.
	PeriodISO           string
	Canceling, Canceled bool
	// Back is the portal's link back to the service.
	Back string
}

func portalView(it portalItem, s subItem) portalPage {
	c := s.card().public()
	v := portalPage{
		ID: it.ID, Back: it.ReturnURL, Plan: fmt.Sprintf("%s, %s USD a month plus %d Studio sites", payments.PlanName, payments.PlanCents, s.StudioSites),
		Status: strings.ReplaceAll(s.Status, "_", " "), PeriodEnd: readable(s.PeriodEnd), PeriodISO: s.PeriodEnd, Card: c.Brand + " ending in " + c.Last4,
		Canceling: s.CancelAtPeriodEnd, Canceled: s.Status == payments.StatusCanceled,
	}
	if amount, err := trialEndPrice(&s); it.Invoice != "" && err == nil {
		v.Waiting = fmt.Sprintf("%s USD to end the trial now and start the %s plan", amount, payments.PlanName)
	}
	return v
}

func (p *Processor) showPortal(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	it, s, err := p.getPortal(r.Context(), id)
	if err != nil {
		pages.Render(w, pageStatus(err), "pay_result.html", result{Title: "Portal unavailable", Text: message(r, err), Failed: true})
		return
	}
	pages.Render(w, http.StatusOK, "pay_portal.html", p.view(r.Context(), it, s))
}

// portalAction serves one portal form: JSON for programs, the portal page
// again for browsers.
func (p *Processor) portalAction(do func(r *http.Request, id string) (subItem, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		s, err := do(r, id)
		if !wantsHTML(r) {
			if err != nil {
				api.JSON(w, pageStatus(err), map[string]any{"error": message(r, err), "code": pageCode(err)})
				return
			}
			api.JSON(w, http.StatusOK, map[string]any{"subscription": subscriptionJSON(s)})
			return
		}
		if err != nil && pageStatus(err) == http.StatusNotFound {
			pages.Render(w, http.StatusNotFound, "pay_result.html", result{Title: "Portal unavailable", Text: message(r, err), Failed: true})
			return
		}
		it := portalItem{ID: id}
		if item, fresh, gerr := p.getPortal(r.Context(), id); gerr == nil {
			it, s = item, fresh
		}
		v := p.view(r.Context(), it, s)
		status := http.StatusOK
		if err != nil {
			v.Error, status = message(r, err), pageStatus(err)
		} else {
			v.Notice = "Saved."
		}
		pages.Render(w, status, "pay_portal.html", v)
	}
}

func subscriptionJSON(s subItem) map[string]any {
	c := s.card().public()
	return map[string]any{
		"id": s.ID, "status": s.Status, "cancel_at_period_end": s.CancelAtPeriodEnd, "current_period_end": s.PeriodEnd,
		"studio_sites": s.StudioSites, "card": c,
	}
}

type result struct {
	Title, Text, Back string
	Failed            bool
}

// readable writes a stored time as a person reads it ("4 Dec 2026 12:31
// UTC"), as Stripe's portal shows dates.
func readable(stamp string) string {
	t, err := clock.Parse(stamp)
	if err != nil {
		return stamp
	}
	return t.UTC().Format("2 Jan 2006 15:04 UTC")
}

// completedURL is where a completed checkout sends the owner: its return
// address with checkout=done, as Stripe's success address.
func completedURL(co checkoutItem) string {
	if co.ReturnURL == "" {
		return ""
	}
	return co.ReturnURL + "?checkout=done"
}

// charges lists an account's charges, oldest first, with the total of
// those that succeeded: GET /_dev/pay/charges?account_id=<id>.
func (p *Processor) charges(w http.ResponseWriter, r *http.Request) {
	accountID := r.URL.Query().Get("account_id")
	if accountID == "" {
		api.Error(w, r, apperr.Invalid(apperr.Problem{Field: "account_id", Problem: "is required"}))
		return
	}
	list, err := p.listCharges(r.Context(), accountID)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	out := make([]map[string]any, len(list))
	var total payments.Cents
	for i, c := range list {
		amount := payments.Cents(c.AmountCents)
		if c.Status == chargeSucceeded {
			total += amount
		}
		out[i] = map[string]any{
			"id": c.ID, "subscription_id": c.SubscriptionID, "amount": amount, "currency": payments.Currency,
			"description": c.Description, "status": c.Status, "failure_code": nullable(c.FailureCode),
			"idempotency_key": nullable(c.IdempotencyKey), "created_at": c.CreatedAt,
		}
	}
	api.JSON(w, http.StatusOK, map[string]any{"charges": out, "total_succeeded": total, "currency": payments.Currency, "now": clock.Format(p.Clock.Now())})
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
