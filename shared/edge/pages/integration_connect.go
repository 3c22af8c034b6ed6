package pages

import (
	"encoding/json"
	"errors"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/kernel/apperr"
)

// IntegrationConnect serves the connect page behind a connect_url: a form for the
// platform site's address and API token. A browser gets HTML; a client
// that does not ask for HTML gets JSON ({connected, integration} or
// {connected: false, error}).
type IntegrationConnect struct {
	Service *integrations.Service
}

// Handlers returns the connect page's handlers by route key.
func (p *IntegrationConnect) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		"GET " + integrations.ConnectPath + "{token}":  p.show,
		"POST " + integrations.ConnectPath + "{token}": p.submit,
	}
}

type connectView struct {
	Title, Platform, SiteName, SiteURL, RemoteName, Error string
	// Refused is the field the error is about (integrations.FieldSiteURL
	// or FieldAPIToken; "" for neither): marked invalid, described by the
	// error and focused.
	Refused string
	// Expires is when the connect link stops working.
	Expires when
	// Back is the site's integrations page in the dashboard.
	Back string
	Done bool
}

func (p *IntegrationConnect) show(w http.ResponseWriter, r *http.Request) {
	pending, err := p.Service.Pending(r.Context(), r.PathValue("token"))
	if err != nil {
		p.failPage(w, err)
		return
	}
	Render(w, http.StatusOK, "integration_connect.html", viewOf(pending))
}

// viewOf is the connect page of pending: the platform by its name, the
// link's end as a person reads it.
func viewOf(pending integrations.Pending) connectView {
	name := platformName(pending.Platform)
	return connectView{Title: "Connect " + name, Platform: name, SiteName: pending.SiteName, Expires: at(pending.ExpiresAt, time.Now()), Back: sitePath(pending.SiteID) + "/integrations"}
}

func (p *IntegrationConnect) submit(w http.ResponseWriter, r *http.Request) {
	ctx, token := r.Context(), r.PathValue("token")
	in := readConnectForm(r)
	pending, err := p.Service.Pending(ctx, token)
	if err == nil {
		var i integrations.Integration
		if i, err = p.Service.FinishConnect(ctx, token, in); err == nil {
			p.done(w, r, pending, i)
			return
		}
	}
	if !wantsHTML(r) {
		api.JSON(w, connectStatus(err), map[string]any{"connected": false, "error": connectSentence(err)})
		return
	}
	if apperr.Is(err, apperr.NotFound) || apperr.CodeOf(err) == apperr.Internal {
		p.failPage(w, err)
		return
	}
	v := viewOf(pending)
	v.SiteURL, v.Error, v.Refused = in.SiteURL, forPerson(connectSentence(err)), refusedField(err)
	Render(w, connectStatus(err), "integration_connect.html", v)
}

func (p *IntegrationConnect) done(w http.ResponseWriter, r *http.Request, pending integrations.Pending, i integrations.Integration) {
	if !wantsHTML(r) {
		api.JSON(w, http.StatusOK, map[string]any{"connected": true, "integration": i})
		return
	}
	v := viewOf(pending)
	v.Title, v.Done = v.Platform+" connected", true
	if i.SiteURL != nil {
		v.SiteURL = *i.SiteURL
	}
	if i.RemoteName != nil {
		v.RemoteName = *i.RemoteName
	}
	Render(w, http.StatusOK, "integration_connect.html", v)
}

func (p *IntegrationConnect) failPage(w http.ResponseWriter, err error) {
	title := "Link not valid"
	if !apperr.Is(err, apperr.NotFound) {
		title = "Something went wrong"
	}
	Render(w, connectStatus(err), "message.html", Message{Title: title, Text: connectSentence(err)})
}

// connectSentence is an error as the page says it.
func connectSentence(err error) string {
	if apperr.CodeOf(err) == apperr.Internal {
		return "Something went wrong on our side. Please try again in a minute."
	}
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return err.Error()
}

// refusedField is the connect page's field err refuses, as its details
// name it ("" when it names none).
func refusedField(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) && len(e.Details) > 0 {
		return e.Details[0].Field
	}
	return ""
}

// connectStatus is the page's status for err: the API's (a link not valid
// 404, entries 422, the platform's add-on 409, no trial or plan or a site
// not usable on it 402).
func connectStatus(err error) int { return api.Status(apperr.CodeOf(err)) }

func wantsHTML(r *http.Request) bool { return strings.Contains(r.Header.Get("Accept"), "text/html") }

// readConnectForm reads site_url and api_token from a JSON or form body.
func readConnectForm(r *http.Request) integrations.Credentials {
	body := api.Body(r)
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct == "application/json" || json.Valid(body) {
		var v struct {
			SiteURL  string `json:"site_url"`
			APIToken string `json:"api_token"`
		}
		_ = json.Unmarshal(body, &v)
		return integrations.Credentials{SiteURL: v.SiteURL, APIToken: v.APIToken}
	}
	form, _ := url.ParseQuery(string(body))
	return integrations.Credentials{SiteURL: form.Get(integrations.FieldSiteURL), APIToken: form.Get(integrations.FieldAPIToken)}
}
