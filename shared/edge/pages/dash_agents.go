package pages

import (
	"net/http"
	"net/url"
)

// agentsView is the agent keys and app connections page.
type agentsView struct {
	page
	Keys   []keyRow
	Create formView
}

// keyRow is an agent key or app connection as the page lists it. End
// names how the owner stops it: a key is revoked, an app disconnected.
type keyRow struct {
	ID, Name, Type, Prefix, Operator, End string
	// Contact is the key's contact address (contact_url), if any.
	Contact           string
	Created, LastUsed when
	// App marks an app connection.
	App bool
	// Activity lists what it did.
	Activity string
}

// agentKeyFields are the fields of POST /agent-keys.
var agentKeyFields = []field{
	{Name: "name", Label: "Name", Required: true, Hint: "2 to 60 characters: the agent's name, shown in the activity log.", Max: 60},
	{Name: "operator", Label: "Operator", Hint: "Optional: who runs the agent (at most 100 characters).", Max: 100},
	{Name: "contact_url", Label: "Contact address", Kind: kURL, Hint: "Optional: an https address about the agent."},
}

func (d *Dashboard) keyRows(keys []apiAgentKey) []keyRow {
	now := d.Clock.Now()
	out := make([]keyRow, len(keys))
	for i, k := range keys {
		typ, end := "Agent key", "Revoke"
		if k.Type == "oauth" {
			typ, end = "App connection", "Disconnect"
		}
		out[i] = keyRow{
			ID: k.ID, Name: k.Name, Type: typ, End: end, App: k.Type == "oauth", Prefix: str(k.Prefix), Operator: str(k.Operator), Contact: str(k.ContactURL),
			Created: at(k.CreatedAt, now), LastUsed: atp(k.LastUsedAt, now), Activity: actorActivity(k.ID),
		}
	}
	return out
}

func (d *Dashboard) agents(w http.ResponseWriter, r *http.Request) {
	d.showAgents(w, r, nil, http.StatusOK, nil)
}

// showAgents renders the agent keys page; f is the create form after a
// refusal.
func (d *Dashboard) showAgents(w http.ResponseWriter, r *http.Request, o *owner, status int, f *formView) {
	signed, ok := d.ownerOf(w, r, o, agentsPage)
	if !ok {
		return
	}
	o = &signed
	var keys struct {
		AgentKeys []apiAgentKey `json:"agent_keys"`
	}
	if err := d.get(r.Context(), *o, "/agent-keys?limit=100", &keys); err != nil {
		d.refused(w, r, err, settingsPage, "Back to settings")
		return
	}
	v := agentsView{page: o.page(r, "Agent keys and apps", settingsPage), Keys: d.keyRows(keys.AgentKeys)}
	if f != nil {
		v.Create = *f
	} else {
		v.Create = form("create", agentsPage, "Create agent key", agentKeyFields, url.Values{})
	}
	Render(w, status, "dash_agents.html", v)
}

// keyCreatedView shows a new agent key's secret, once: Secret is empty
// when the form was sent again later, whose answer only says the key
// exists.
type keyCreatedView struct {
	page
	Key    keyRow
	Secret string
}

// createAgentKey creates an agent key as POST /agent-keys does and shows
// its secret this one time: the same form sent again (a reload of this
// answer) gets the API's first answer replayed, and its page shows the
// key without the secret, unless it is a double click (secretAgain).
func (d *Dashboard) createAgentKey(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, agentsPage)
	if !ok {
		return
	}
	sent := posted(r)
	var out struct {
		AgentKey apiAgentKey `json:"agent_key"`
		replay
	}
	if err := d.send(r, o, http.MethodPost, "/agent-keys", body(agentKeyFields, sent, nil), &out); err != nil {
		f := form("create", agentsPage, "Create agent key", agentKeyFields, sent).withProblems(err, labelsOf(agentKeyFields))
		d.showAgents(w, r, &o, statusOf(err), &f)
		return
	}
	v := keyCreatedView{page: o.page(r, "Agent key created", settingsPage), Key: d.keyRows([]apiAgentKey{out.AgentKey})[0], Secret: out.AgentKey.Key}
	status := http.StatusCreated
	if out.hidesSecret(out.AgentKey.CreatedAt, d.Clock.Now()) {
		v.Secret, status = "", http.StatusOK
	}
	Render(w, status, "dash_key_created.html", v)
}

// revokeAgentKey revokes a key or disconnects an app (DELETE
// /agent-keys/{id}); the form says which, for the words of the page
// after.
func (d *Dashboard) revokeAgentKey(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, agentsPage)
	if !ok {
		return
	}
	if err := d.send(r, o, http.MethodDelete, "/agent-keys/"+esc(r.PathValue("id")), nil, nil); err != nil {
		d.refused(w, r, err, agentsPage, "Back to agent keys and apps")
		return
	}
	done := "revoked"
	if posted(r).Get("kind") == "app" {
		done = "app_disconnected"
	}
	d.done(w, r, agentsPage, done)
}
