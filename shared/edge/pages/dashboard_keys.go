package pages

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"

	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/input"
)

// keyField is a field of the dashboard's "Create an agent key" form, named
// as POST /agent-keys names it.
type keyField struct {
	name, label, hint, typ string
	required               bool
	value                  func(keyForm) string
}

// keyFields are the fields of the "Create an agent key" form, in order.
var keyFields = []keyField{
	{"name", "Name", " (required, 2 to 60 characters)", "text", true, func(f keyForm) string { return f.Name }},
	{"operator", "Operator", " (optional: who runs the agent)", "text", false, func(f keyForm) string { return f.Operator }},
	{"contact_url", "Contact URL", " (optional: an https address about the agent)", "url", false, func(f keyForm) string { return f.ContactURL }},
}

// formField is a form field as the page shows it.
type formField struct {
	Name, Label, Type, Value, Error string
	Required                        bool
}

// Fields returns the form's fields with what was typed and their problems.
func (f keyForm) Fields() []formField {
	out := make([]formField, len(keyFields))
	for i, k := range keyFields {
		out[i] = formField{Name: k.name, Label: k.label + k.hint, Type: k.typ, Value: k.value(f), Error: f.Errors[k.name], Required: k.required}
	}
	return out
}

// keyForm is the "Create an agent key" form: what the owner typed and, after
// a refused attempt, what was wrong with it.
type keyForm struct {
	Name, Operator, ContactURL string
	// Errors holds a sentence per invalid field, by field name.
	Errors map[string]string
	// Alert explains a refusal that is not about one field.
	Alert string
}

// keyFormOf reads the form's fields from a posted form.
func keyFormOf(v url.Values) keyForm {
	return keyForm{Name: v.Get("name"), Operator: v.Get("operator"), ContactURL: v.Get("contact_url")}
}

// keyInput checks a posted form with the rules of POST /agent-keys
// (accounts.ParseAgent): a blank optional field counts as not given.
func keyInput(sent url.Values) (credentials.NewKeyInput, error) {
	body := map[string]string{}
	for _, k := range keyFields {
		if sent.Has(k.name) {
			body[k.name] = sent.Get(k.name)
		}
	}
	raw, err := json.Marshal(body)
	if err != nil {
		return credentials.NewKeyInput{}, err
	}
	o, err := input.Parse(raw)
	if err != nil {
		return credentials.NewKeyInput{}, err
	}
	in := accounts.ParseAgent(o)
	return in, o.Err()
}

// withProblems returns f showing problems next to their fields.
func (f keyForm) withProblems(problems []apperr.Problem) keyForm {
	f.Errors = map[string]string{}
	for _, p := range problems {
		for _, k := range keyFields {
			if p.Field == k.name {
				f.Errors[k.name] = k.label + " " + p.Problem + "."
			}
		}
	}
	f.Alert = "The agent key was not created. Correct the fields marked below and try again."
	return f
}

// keyCreatedView is the page that shows a new agent key's secret, once.
type keyCreatedView struct {
	page
	Key    keyRow
	Secret string
}

// createKey creates an agent key with the owner as the actor, exactly as
// POST /agent-keys does (limit, owner email, event and activity entry), and
// shows its secret this one time.
func (d *Dashboard) createKey(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, agentsPage)
	if !ok {
		return
	}
	sent := form(r)
	f := keyFormOf(sent)
	in, err := keyInput(sent)
	if err == nil {
		var k credentials.AgentKey
		k, err = d.Credentials.Create(auth.With(r.Context(), o.principal(r.Context())), in)
		if err == nil {
			Render(w, http.StatusCreated, "dashboard_key_created.html", keyCreatedView{
				page: o.page("Agent key created"), Key: keyRows([]credentials.AgentKey{k})[0], Secret: k.Key,
			})
			return
		}
	}
	var e *apperr.Error
	switch {
	case apperr.Is(err, apperr.ValidationFailed) && errors.As(err, &e):
		d.showAgents(w, r, o, http.StatusUnprocessableEntity, f.withProblems(e.Details))
	case apperr.Is(err, apperr.Conflict) && errors.As(err, &e):
		f.Alert = "The agent key was not created. " + e.Message
		d.showAgents(w, r, o, http.StatusConflict, f)
	default:
		d.fail(w, r, err)
	}
}
