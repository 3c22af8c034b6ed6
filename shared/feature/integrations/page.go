package integrations

import (
	"encoding/json"
	"errors"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/pages"
	"rvcontent/shared/kernel/apperr"
)

// Page serves the connect page behind a connect_url: a form for the
// platform site's address and API token. A browser gets HTML; a client
// that does not ask for HTML gets JSON ({connected, integration} or
// {connected: false, error}).
type Page struct {
	Service *Service
}

// Handlers returns the connect page's handlers by route key.
func (p *Page) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		"GET " + ConnectPath + "{token}":  p.show,
		"POST " + ConnectPath + "{token}": p.submit,
	}
}

type pageView struct {
	Title, Platform, SiteName, SiteURL, RemoteName, ExpiresAt, Error string
	Done                                                             bool
}

func (p *Page) show(w http.ResponseWriter, r *http.Request) {
	pending, err := p.Service.Pending(r.Context(), r.PathValue("token"))
	if err != nil {
		p.failPage(w, err)
		return
	}
	pages.Render(w, http.StatusOK, "integration_connect.html", pageView{
		Title: "Connect " + pending.Platform, Platform: pending.Platform, SiteName: pending.SiteName, ExpiresAt: pending.ExpiresAt,
	})
}

func (p *Page) submit(w http.ResponseWriter, r *http.Request) {
	ctx, token := r.Context(), r.PathValue("token")
	in := readCredentials(r)
	pending, err := p.Service.Pending(ctx, token)
	if err == nil {
		var i Integration
		if i, err = p.Service.FinishConnect(ctx, token, in); err == nil {
			p.done(w, r, pending, i)
			return
		}
	}
	if !wantsHTML(r) {
		api.JSON(w, pageStatus(err), map[string]any{"connected": false, "error": sentence(err)})
		return
	}
	if apperr.Is(err, apperr.NotFound) || apperr.CodeOf(err) == apperr.Internal {
		p.failPage(w, err)
		return
	}
	pages.Render(w, pageStatus(err), "integration_connect.html", pageView{
		Title: "Connect " + pending.Platform, Platform: pending.Platform, SiteName: pending.SiteName,
		ExpiresAt: pending.ExpiresAt, SiteURL: in.SiteURL, Error: sentence(err),
	})
}

func (p *Page) done(w http.ResponseWriter, r *http.Request, pending Pending, i Integration) {
	if !wantsHTML(r) {
		api.JSON(w, http.StatusOK, map[string]any{"connected": true, "integration": i})
		return
	}
	v := pageView{Title: pending.Platform + " connected", Platform: pending.Platform, SiteName: pending.SiteName, Done: true}
	if i.SiteURL != nil {
		v.SiteURL = *i.SiteURL
	}
	if i.RemoteName != nil {
		v.RemoteName = *i.RemoteName
	}
	pages.Render(w, http.StatusOK, "integration_connect.html", v)
}

func (p *Page) failPage(w http.ResponseWriter, err error) {
	title := "Link not valid"
	if !apperr.Is(err, apperr.NotFound) {
		title = "Something went wrong"
	}
	pages.Render(w, pageStatus(err), "message.html", pages.Message{Title: title, Text: sentence(err)})
}

// sentence is an error as the page says it.
func sentence(err error) string {
	if apperr.CodeOf(err) == apperr.Internal {
		return "Something went wrong on our side. Please try again in a minute."
	}
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return err.Error()
}

func pageStatus(err error) int {
	switch apperr.CodeOf(err) {
	case apperr.NotFound:
		return http.StatusNotFound
	case apperr.ValidationFailed:
		return http.StatusUnprocessableEntity
	case apperr.IntegrationUnavailable, apperr.Conflict:
		return http.StatusConflict
	}
	return http.StatusInternalServerError
}

func wantsHTML(r *http.Request) bool { return strings.Contains(r.Header.Get("Accept"), "text/html") }

// readCredentials reads site_url and api_token from a JSON or form body.
func readCredentials(r *http.Request) Credentials {
	body := api.Body(r)
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct == "application/json" || json.Valid(body) {
		var v struct {
			SiteURL  string `json:"site_url"`
			APIToken string `json:"api_token"`
		}
		_ = json.Unmarshal(body, &v)
		return Credentials{SiteURL: v.SiteURL, APIToken: v.APIToken}
	}
	form, _ := url.ParseQuery(string(body))
	return Credentials{SiteURL: form.Get("site_url"), APIToken: form.Get("api_token")}
}
