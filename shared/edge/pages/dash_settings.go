package pages

import (
	"net/http"
	"strings"
)

// settingsView is the account settings page: the account, where access is
// managed, and account deletion.
type settingsView struct {
	page
	Email, Agent, Operator string
	Created, Claimed       when
	// Subscribed is whether the account has a subscription (any billing
	// status but none), which deleting it cancels.
	Subscribed bool
	Delete     formView
}

// deleteFields is the deletion form: the account's email typed again.
var deleteFields = []field{{Name: "confirm", Label: "Type your account's email address to confirm", Kind: kText, Required: true}}

func (d *Dashboard) settings(w http.ResponseWriter, r *http.Request) {
	d.showSettings(w, r, nil, http.StatusOK, nil)
}

// showSettings renders the settings page; f is the deletion form after a
// refusal.
func (d *Dashboard) showSettings(w http.ResponseWriter, r *http.Request, o *owner, status int, f *formView) {
	signed, ok := d.ownerOf(w, r, o, settingsPage)
	if !ok {
		return
	}
	o = &signed
	var a struct {
		Account apiAccount `json:"account"`
	}
	if err := d.get(r.Context(), *o, "/account", &a); err != nil {
		d.refused(w, r, err, DashboardPath, "Back to the overview")
		return
	}
	now := d.Clock.Now()
	v := settingsView{
		page: o.page(r, "Settings", settingsPage), Email: a.Account.Email, Agent: "a person", Operator: "",
		Created: at(a.Account.CreatedAt, now), Claimed: atp(a.Account.ClaimedAt, now),
		Subscribed: a.Account.subscribed(),
	}
	if c := a.Account.CreatedByAgent; c != nil {
		v.Agent, v.Operator = c.Name, str(c.Operator)
	}
	if f != nil {
		v.Delete = *f
	} else {
		v.Delete = form("delete", settingsPage+"/delete", "Delete this account", deleteFields, nil)
	}
	Render(w, status, "dash_settings.html", v)
}

// deletedView is the page after the account is deleted.
type deletedView struct {
	Email     string
	RemovedBy when
	// Subscribed is whether the account had a subscription, which the
	// deletion cancelled (the last email tells the two apart the same way).
	Subscribed bool
}

// deleteAccount deletes the account as its signed-in owner (DELETE
// /account), once the owner has typed the account's email address.
func (d *Dashboard) deleteAccount(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, settingsPage)
	if !ok {
		return
	}
	sent := posted(r)
	if !strings.EqualFold(strings.TrimSpace(sent.Get("confirm")), o.sess.Email) {
		f := form("delete", settingsPage+"/delete", "Delete this account", deleteFields, sent)
		f.Fields[0].Error = "Type " + o.sess.Email + " exactly, to show you mean this account. Nothing was deleted."
		f.Alert = "The account was not deleted."
		d.showSettings(w, r, &o, http.StatusUnprocessableEntity, &f)
		return
	}
	var a struct {
		Account apiAccount `json:"account"`
	}
	if err := d.get(r.Context(), o, "/account", &a); err != nil {
		d.refused(w, r, err, settingsPage, "Back to settings")
		return
	}
	var out struct {
		RemovedBy string `json:"data_removed_by"`
	}
	if err := d.send(r, o, http.MethodDelete, "/account", nil, &out); err != nil {
		d.refused(w, r, err, settingsPage, "Back to settings")
		return
	}
	d.clearCookie(w, r)
	Render(w, http.StatusOK, "dash_deleted.html", deletedView{
		Email: o.sess.Email, RemovedBy: at(out.RemovedBy, d.Clock.Now()), Subscribed: a.Account.subscribed(),
	})
}
