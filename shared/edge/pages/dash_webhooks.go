package pages

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"rvcontent/shared/feature/webhooks"
)

// webhookFields are the fields of POST and PATCH /webhooks.
var webhookFields = []field{
	{Name: "url", Label: "Address", Kind: kURL, Required: true, Hint: "A public https address that answers 2xx within 10 seconds.", Blank: sendBlank},
	{Name: "events", Label: "Events", Kind: kChoices, Hint: "Choose “Every event” to get every type, including types added later.", Options: eventOptions()},
	{Name: "description", Label: "Description", Hint: "Optional, at most 200 characters.", Blank: nullBlank, Max: 200},
}

// everyEvent names the subscription to every event type (["*"]).
const everyEvent = "Every event"

// eventOptions are the event types an endpoint can subscribe to.
func eventOptions() []option {
	out := []option{{Value: webhooks.AllEvents, Label: everyEvent}}
	for _, t := range webhooks.EventTypes {
		out = append(out, option{Value: t, Label: eventLabel(t)})
	}
	return out
}

// eventLabel names an event type for a person, its code after it:
// "Billing: card check failed (billing.card_check_failed)".
func eventLabel(t string) string {
	area, what, ok := strings.Cut(t, ".")
	if !ok {
		return t
	}
	area = strings.ReplaceAll(area, "_", " ")
	return strings.ToUpper(area[:1]) + area[1:] + ": " + strings.ReplaceAll(what, "_", " ") + " (" + t + ")"
}

// eventsText lists an endpoint's event types as its page's form names
// them: each label with its code, which a receiver's code branches on, or
// "Every event" for ["*"].
func eventsText(events []string) []string {
	if len(events) == 1 && events[0] == webhooks.AllEvents {
		return []string{everyEvent}
	}
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = eventLabel(e)
	}
	return out
}

// hookRow is a webhook endpoint as the pages show it.
type hookRow struct {
	ID, URL, Description, DisabledReason, CreatedBy, LastStatus string
	Events                                                      []string
	Enabled                                                     bool
	Created, LastDelivery                                       when
}

// disabledText says why an endpoint is off, for a person.
func disabledText(reason string) string {
	switch reason {
	case "manual":
		return "turned off by hand"
	case "delivery_failures":
		return "turned off after deliveries kept failing"
	case "credential_revoked":
		return "turned off when the agent key or app that added it was revoked"
	}
	return words(reason)
}

func (d *Dashboard) hookRow(h apiWebhook) hookRow {
	now := d.Clock.Now()
	who, _ := actorText(h.CreatedBy)
	row := hookRow{
		ID: h.ID, URL: h.URL, Events: eventsText(h.Events), Description: str(h.Description), Enabled: h.Enabled,
		DisabledReason: disabledText(str(h.DisabledReason)), CreatedBy: who, Created: at(h.CreatedAt, now), LastDelivery: atp(h.LastDeliveryAt, now),
	}
	switch st := h.LastDeliveryStatus; {
	case h.LastDeliveryAt == nil:
	default: // any 2xx counts as delivered
		row.LastStatus = deliveryResult(st != nil && *st >= 200 && *st < 300, st)
	}
	return row
}

// webhooksView is the webhook endpoints page.
type webhooksView struct {
	page
	Hooks  []hookRow
	Create formView
}

func (d *Dashboard) webhooks(w http.ResponseWriter, r *http.Request) {
	d.showWebhooks(w, r, nil, http.StatusOK, nil)
}

// showWebhooks renders the endpoints page; f is the create form after a
// refusal.
func (d *Dashboard) showWebhooks(w http.ResponseWriter, r *http.Request, o *owner, status int, f *formView) {
	signed, ok := d.ownerOf(w, r, o, webhooksPage)
	if !ok {
		return
	}
	o = &signed
	var hooks struct {
		Webhooks []apiWebhook `json:"webhooks"`
	}
	if err := d.get(r.Context(), *o, "/webhooks?limit=100", &hooks); err != nil {
		d.refused(w, r, err, settingsPage, "Back to settings")
		return
	}
	v := webhooksView{page: o.page(r, "Webhooks", settingsPage)}
	for _, h := range hooks.Webhooks {
		v.Hooks = append(v.Hooks, d.hookRow(h))
	}
	if f != nil {
		v.Create = *f
	} else {
		v.Create = form("create", webhooksPage, "Add endpoint", webhookFields, url.Values{"events": {webhooks.AllEvents}})
	}
	Render(w, status, "dash_webhooks.html", v)
}

// hookCreatedView shows a new endpoint's signing secret, once.
type hookCreatedView struct {
	page
	Hook   hookRow
	Secret string
}

// createWebhook adds an endpoint (POST /webhooks) and shows its secret
// this one time.
func (d *Dashboard) createWebhook(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, webhooksPage)
	if !ok {
		return
	}
	sent := posted(r)
	var out struct {
		Webhook apiWebhook `json:"webhook"`
		replay
	}
	if err := d.send(r, o, http.MethodPost, "/webhooks", body(webhookFields, sent, nil), &out); err != nil {
		f := form("create", webhooksPage, "Add endpoint", webhookFields, sent).withProblems(err, labelsOf(webhookFields))
		d.showWebhooks(w, r, &o, statusOf(err), &f)
		return
	}
	v := hookCreatedView{page: o.page(r, "Webhook endpoint added", settingsPage), Hook: d.hookRow(out.Webhook), Secret: out.Webhook.Secret}
	status := http.StatusCreated
	if out.hidesSecret(out.Webhook.CreatedAt, d.Clock.Now()) {
		v.Secret, status = "", http.StatusOK
	}
	Render(w, status, "dash_webhook_created.html", v)
}

// webhookView is one endpoint's page: its settings, actions and delivery
// attempts.
type webhookView struct {
	page
	Hook     hookRow
	Edit     formView
	Attempts []attemptRow
	// Pages pages on to older attempts and back to the newest.
	Pages pager
	// Test is the answer of a test delivery just sent.
	Test *testResult
}

type attemptRow struct {
	EventType, Result, Error string
	Attempt                  int
	Succeeded                bool
	At, Next                 when
	DurationMS               int64
	// Dropped is set when a retry was planned but the endpoint is
	// disabled, so the delivery is dropped instead of tried again.
	Dropped bool
}

type testResult struct {
	OK     bool
	Result string
}

// hookValues are an endpoint's settings as its form shows them.
func hookValues(h apiWebhook) url.Values {
	v := vals("url", h.URL, "description", str(h.Description))
	v["events"] = h.Events
	return v
}

func (d *Dashboard) webhook(w http.ResponseWriter, r *http.Request) {
	d.showWebhook(w, r, nil, http.StatusOK, nil, testOf(r.URL.Query()))
}

// testQuery writes a test delivery's answer into the endpoint page's
// address (status, ms, beside done=tested), so the page that shows it is
// one a reload or a bookmark opens again; why it failed is in the page's
// delivery log.
func testQuery(status *int, ms int64) string {
	q := url.Values{"ms": {strconv.FormatInt(ms, 10)}}
	if status != nil {
		q.Set("status", strconv.Itoa(*status))
	}
	return q.Encode()
}

// testOf reads what testQuery wrote: numbers only.
func testOf(q url.Values) *testResult {
	if q.Get("done") != "tested" {
		return nil
	}
	ms, err := strconv.ParseInt(q.Get("ms"), 10, 64)
	if err != nil || ms < 0 {
		return nil
	}
	var status *int
	if n, err := strconv.Atoi(q.Get("status")); err == nil && n >= 100 && n <= 599 {
		status = &n
	}
	ok := status != nil && *status >= 200 && *status < 300
	t := &testResult{OK: ok, Result: deliveryResult(ok, status) + " in " + strconv.FormatInt(ms, 10) + " ms"}
	if !ok {
		t.Result += "; the delivery log below says why"
	}
	return t
}

// showWebhook renders an endpoint's page; f is the edit form after a
// refusal, t a test delivery's answer.
func (d *Dashboard) showWebhook(w http.ResponseWriter, r *http.Request, o *owner, status int, f *formView, t *testResult) {
	id := r.PathValue("webhook_id")
	path := webhooksPage + "/" + esc(id)
	signed, ok := d.ownerOf(w, r, o, path)
	if !ok {
		return
	}
	o = &signed
	var hook struct {
		Webhook apiWebhook `json:"webhook"`
	}
	var hooks struct {
		Webhooks []apiWebhook `json:"webhooks"`
	}
	var log struct {
		Deliveries []apiAttempt `json:"deliveries"`
		NextCursor *string      `json:"next_cursor"`
	}
	q := url.Values{"limit": {"25"}}
	if c := r.URL.Query().Get("cursor"); c != "" {
		q.Set("cursor", c)
	}
	if err := d.reads(r.Context(), *o, fetch{Path: "/webhooks?limit=100", Out: &hooks},
		fetch{Path: "/webhooks/" + esc(id) + "/deliveries?" + q.Encode(), Out: &log}); err != nil {
		d.refused(w, r, err, webhooksPage, "Back to webhooks")
		return
	}
	found := false
	for _, h := range hooks.Webhooks {
		if h.ID == id {
			hook.Webhook, found = h, true
		}
	}
	if !found {
		d.refused(w, r, &apiError{Status: http.StatusNotFound}, webhooksPage, "Back to webhooks")
		return
	}
	now := d.Clock.Now()
	v := webhookView{page: o.page(r, "Webhook endpoint", settingsPage), Hook: d.hookRow(hook.Webhook), Test: t}
	for _, a := range log.Deliveries {
		row := attemptRow{EventType: eventLabel(a.EventType), Attempt: a.Attempt, Succeeded: a.Succeeded, At: at(a.CreatedAt, now), Next: atp(a.NextAttemptAt, now), DurationMS: a.DurationMS, Error: str(a.Error)}
		row.Result = deliveryResult(a.Succeeded, a.Status)
		if !hook.Webhook.Enabled && row.Next.ISO != "" {
			row.Next, row.Dropped = when{}, true
		}
		v.Attempts = append(v.Attempts, row)
	}
	v.Pages = newestPager("Pages of delivery attempts", "attempts", path, r, log.NextCursor)
	if f != nil {
		v.Edit = *f
	} else {
		v.Edit = form("edit", path, "Save changes", webhookFields, hookValues(hook.Webhook))
	}
	Render(w, status, "dash_webhook.html", v)
}

// deliveryResult says how a delivery went.
func deliveryResult(ok bool, status *int) string {
	switch {
	case status == nil || *status == 0:
		return "no answer"
	case ok:
		return "delivered (HTTP " + strconv.Itoa(*status) + ")"
	}
	return "refused (HTTP " + strconv.Itoa(*status) + ")"
}

// editWebhook sends the changed settings (PATCH /webhooks/{webhook_id}).
func (d *Dashboard) editWebhook(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("webhook_id")
	path := webhooksPage + "/" + esc(id)
	o, ok := d.signedIn(w, r, path)
	if !ok {
		return
	}
	var hooks struct {
		Webhooks []apiWebhook `json:"webhooks"`
	}
	if err := d.get(r.Context(), o, "/webhooks?limit=100", &hooks); err != nil {
		d.refused(w, r, err, webhooksPage, "Back to webhooks")
		return
	}
	var cur url.Values
	for _, h := range hooks.Webhooks {
		if h.ID == id {
			cur = hookValues(h)
		}
	}
	if cur == nil {
		d.refused(w, r, &apiError{Status: http.StatusNotFound}, webhooksPage, "Back to webhooks")
		return
	}
	sent := posted(r)
	changes := body(webhookFields, sent, cur)
	if len(changes) == 0 {
		d.done(w, r, path, "nothing")
		return
	}
	if err := d.send(r, o, http.MethodPatch, "/webhooks/"+esc(id), changes, nil); err != nil {
		f := form("edit", path, "Save changes", webhookFields, sent).withProblems(err, labelsOf(webhookFields))
		d.showWebhook(w, r, &o, statusOf(err), &f, nil)
		return
	}
	d.done(w, r, path, "saved")
}

// hookAction sends one request about endpoint webhook_id and returns to
// page with the flash done.
func (d *Dashboard) hookAction(w http.ResponseWriter, r *http.Request, method, suffix string, b any, page, done string) {
	id := r.PathValue("webhook_id")
	path := webhooksPage + "/" + esc(id)
	o, ok := d.signedIn(w, r, path)
	if !ok {
		return
	}
	if err := d.send(r, o, method, "/webhooks/"+esc(id)+suffix, b, nil); err != nil {
		d.refused(w, r, err, webhooksPage, "Back to webhooks")
		return
	}
	if page == "" {
		page = path
	}
	d.done(w, r, page, done)
}

func (d *Dashboard) enableWebhook(w http.ResponseWriter, r *http.Request) {
	d.hookAction(w, r, http.MethodPatch, "", map[string]any{"enabled": true}, "", "enabled")
}

func (d *Dashboard) disableWebhook(w http.ResponseWriter, r *http.Request) {
	d.hookAction(w, r, http.MethodPatch, "", map[string]any{"enabled": false}, "", "disabled")
}

func (d *Dashboard) deleteWebhook(w http.ResponseWriter, r *http.Request) {
	d.hookAction(w, r, http.MethodDelete, "", nil, webhooksPage, "webhook_gone")
}

// testWebhook sends a signed webhook.test event now and shows how it went.
func (d *Dashboard) testWebhook(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("webhook_id")
	o, ok := d.signedIn(w, r, webhooksPage+"/"+esc(id))
	if !ok {
		return
	}
	var out struct {
		Delivery struct {
			Status     *int  `json:"status"`
			DurationMS int64 `json:"duration_ms"`
		} `json:"delivery"`
	}
	if err := d.send(r, o, http.MethodPost, "/webhooks/"+esc(id)+"/test", nil, &out); err != nil {
		d.refused(w, r, err, webhooksPage, "Back to webhooks")
		return
	}
	// The endpoint's status when it answered (a refusal's too: "refused
	// (HTTP 500)"), none when no answer came; the log says why it failed.
	d.done(w, r, webhooksPage+"/"+esc(id)+"?"+testQuery(out.Delivery.Status, out.Delivery.DurationMS), "tested")
}
