package integrations

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"rvcontent/shared/platform/pushapi"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/kernel/weburl"
	"rvcontent/shared/platform/dynamo"
)

// ConnectLifetime is how long a connect_url works.
const ConnectLifetime = 24 * time.Hour

// ConnectPath starts every connect_url's path.
const ConnectPath = "/integrations/connect/"

// MaxToken is the longest API token accepted.
const MaxToken = 2000

// Connect is the answer of POST .../connect.
type Connect struct {
	ConnectURL string `json:"connect_url"`
	ExpiresAt  string `json:"expires_at"`
}

// Started is a started connection: the link and the integration as it is.
type Started struct {
	Connect     Connect
	Integration Integration
}

// connectToken is the item behind a connect_url.
type connectToken struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	AccountID string `dynamodbav:"account_id"`
	SiteID    string `dynamodbav:"site_id"`
	Platform  string `dynamodbav:"platform"`
	ExpiresAt string `dynamodbav:"expires_at"`
	TTL       int64  `dynamodbav:"ttl"`
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// StartConnect starts connecting platform on the caller's site: it returns
// a connect_url, valid ConnectLifetime, for the owner to open. The
// integration does not change until the owner finishes on that page. The
// trial-or-plan need was checked by the billing gate; push_platform_2
// also needs the paid plan (integration_unavailable).
func (s *Service) StartConnect(ctx context.Context, siteID, platform string) (Started, error) {
	p, site, err := s.scope(ctx, siteID, platform)
	if err != nil {
		return Started{}, err
	}
	if err := s.requireAvailable(ctx, p.AccountID, platform); err != nil {
		return Started{}, err
	}
	r, err := s.load(ctx, p.AccountID, site, platform)
	if err != nil {
		return Started{}, err
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return Started{}, apperr.Wrap("integrations.StartConnect", err)
	}
	token := hex.EncodeToString(b)
	now := s.Clock.Now()
	expires := now.Add(ConnectLifetime)
	tx := &dynamo.Tx{}
	ct := connectToken{
		PK: dynamo.ConnectTokenPK(hashToken(token)), SK: dynamo.ConnectTokenSK, AccountID: p.AccountID, SiteID: siteID,
		Platform: platform, ExpiresAt: clock.Format(expires), TTL: expires.Add(time.Hour).Unix(),
	}
	tx.PutNew("connect_token", ct)
	dynamo.PutLinkIndex(tx, p.AccountID, ct.PK, ct.SK, ct.TTL)
	activity.Record(tx, now, p, activity.Change{
		Action: "integration.connect_started", SiteID: siteID, Resource: activity.Resource{Type: "integration", ID: platform},
		Summary: "Connection of " + platform + " started; waiting for the owner",
	})
	out := Started{
		Connect:     Connect{ConnectURL: strings.TrimRight(s.BaseURL, "/") + ConnectPath + token, ExpiresAt: clock.Format(expires)},
		Integration: r.view(true),
	}
	if err := s.commit(ctx, tx, out); err != nil {
		return Started{}, err
	}
	return out, nil
}

// The connect page's fields (setup's connect_fields).
const (
	FieldSiteURL  = "site_url"
	FieldAPIToken = "api_token"
)

// Errors of the connect page. A refusal of the owner's entries names the
// field it is about in its details (FieldSiteURL or FieldAPIToken), so
// the page can mark that field.
var (
	ErrLinkInvalid = apperr.NotFoundf("This connect link is not valid: it expired, was already used, or was never issued. Ask for a new one.")
	errSiteURL     = refused(FieldSiteURL, "Enter the site's public https address, for example https://blog.example.com.")
	errAPIToken    = refused(FieldAPIToken, fmt.Sprintf("Enter the site's API token (at most %d characters).", MaxToken))
	// A token goes in a request header, where a control character (a line
	// break pasted with it) cannot travel: refused before any call, so the
	// sentence blames the token, not the site.
	errAPITokenLine = refused(FieldAPIToken, "The API token holds a line break or another control character. Paste the token alone, on one line.")
)

// refused is a validation_failed refusal of the connect page's field,
// said in sentence.
func refused(field, sentence string) *apperr.Error {
	e := apperr.New(apperr.ValidationFailed, sentence)
	e.Details = []apperr.Problem{{Field: field, Problem: sentence}}
	return e
}

// Pending is an open connect link: the integration it connects.
type Pending struct {
	Platform  string
	SiteID    string
	SiteName  string
	ExpiresAt string
}

// Pending returns what connect link token connects.
func (s *Service) Pending(ctx context.Context, token string) (Pending, error) {
	t, err := s.connectToken(ctx, token)
	if err != nil {
		return Pending{}, err
	}
	site, err := s.Sites.Get(ctx, t.AccountID, t.SiteID)
	if err != nil {
		return Pending{}, ErrLinkInvalid
	}
	name := site.ID
	if site.BrandName != nil {
		name = *site.BrandName
	} else if site.WebsiteURL != nil {
		name = *site.WebsiteURL
	}
	return Pending{Platform: t.Platform, SiteID: site.ID, SiteName: name, ExpiresAt: t.ExpiresAt}, nil
}

func (s *Service) connectToken(ctx context.Context, token string) (connectToken, error) {
	if len(token) != 64 {
		return connectToken{}, ErrLinkInvalid
	}
	var t connectToken
	err := s.Table.Get(ctx, dynamo.ConnectTokenPK(hashToken(token)), dynamo.ConnectTokenSK, &t)
	if errors.Is(err, dynamo.ErrNotFound) {
		return connectToken{}, ErrLinkInvalid
	}
	if err != nil {
		return connectToken{}, apperr.Wrap("integrations.connectToken", err)
	}
	if exp, err := clock.Parse(t.ExpiresAt); err != nil || !s.Clock.Now().Before(exp) {
		return connectToken{}, ErrLinkInvalid
	}
	return t, nil
}

// Credentials is what the owner enters on the connect page.
type Credentials struct {
	SiteURL  string
	APIToken string
}

// FinishConnect completes connect link token with the owner's entries: it
// checks them with a test call to the platform and, when it answers,
// stores the connection (a new connection id, so the next sync pushes
// every article to the new site; a new token for the site connected now
// keeps its connection, so its posts are updated, not duplicated), uses
// up the link, and records
// integration.connected. A category or author the site does not offer
// goes back to null. Errors: not_found (link not valid),
// validation_failed (entries, or the test call failed: the sentence says
// why and the details name the field to change), subscription_required (no working trial or plan, or the site is
// not usable on it, as the Gate says), integration_unavailable.
func (s *Service) FinishConnect(ctx context.Context, token string, in Credentials) (Integration, error) {
	t, err := s.connectToken(ctx, token)
	if err != nil {
		return Integration{}, err
	}
	u, problem := weburl.Parse(strings.TrimSpace(in.SiteURL), true)
	if problem != "" || !siteAddress(u, in.SiteURL) {
		return Integration{}, errSiteURL
	}
	apiToken := strings.TrimSpace(in.APIToken)
	if apiToken == "" || len(apiToken) > MaxToken {
		return Integration{}, errAPIToken
	}
	if input.SingleLine(apiToken) != "" {
		return Integration{}, errAPITokenLine
	}
	site, err := s.Sites.Get(ctx, t.AccountID, t.SiteID)
	if err != nil {
		return Integration{}, ErrLinkInvalid
	}
	// Connecting needs now what POST .../connect needed when the link was
	// handed out: a trial or plan with the site usable on it (an archived
	// or removed site answers 402 until it is restored; the link stays).
	if s.Gate != nil {
		if err := s.Gate.Check(ctx, t.AccountID, t.SiteID, billing.NeedTrialOrPlan); err != nil {
			return Integration{}, err
		}
	}
	if err := s.requireAvailable(ctx, t.AccountID, t.Platform); err != nil {
		return Integration{}, err
	}
	siteURL := keptSiteURL(*u)
	info, err := s.Platforms[t.Platform].Check(ctx, pushapi.Conn{SiteURL: siteURL, Token: apiToken})
	if err != nil {
		// A refused token is the token's fault; anything else (no
		// answer, a redirect, an error, not the platform's API) the
		// address's.
		field := FieldSiteURL
		if pe := asPushError(err); pe.Token {
			field = FieldAPIToken
		}
		return Integration{}, refused(field, "The test call failed, so nothing was saved. "+pushMessage(err))
	}
	// A sync of the integration ending at this moment writes it too: the
	// connection is then saved again on the integration as it is now, as
	// backoff.Retry does, without another test call.
	info = keptInfo(info)
	return backoff.Retry(ctx, lostRace, func() (Integration, error) {
		return s.saveConnection(ctx, t, token, site, siteURL, apiToken, info)
	})
}

// saveConnection stores the connection a connect page finished (the site
// at siteURL, its token and what its test call answered, info) on the
// integration as read now, using up the page's link; errChanged when
// another write of the integration came between the read and the write.
func (s *Service) saveConnection(ctx context.Context, t connectToken, token string, site sites.Site, siteURL, apiToken string, info pushapi.SiteInfo) (Integration, error) {
	r, err := s.load(ctx, t.AccountID, site, t.Platform)
	if err != nil {
		return Integration{}, err
	}
	now := s.Clock.Now()
	at := clock.Format(now)
	// A new token for the site already connected (the answer to a
	// refused token) keeps the connection, so its posts are updated
	// rather than pushed again as new ones; another site is a new
	// connection, and what the old one pushed is forgotten.
	replaced := ""
	if !r.connected() || r.SiteURL == nil || !sameSiteURL(*r.SiteURL, siteURL) {
		if r.connected() {
			replaced = r.ConnectionID
		}
		r.ConnectionID = ids.Sortable()
	}
	sealed, err := s.Sealer.Seal(apiToken, sealContext(r))
	if err != nil {
		return Integration{}, apperr.Wrap("integrations.FinishConnect", err)
	}
	r.Status, r.SiteURL, r.SealedToken, r.ConnectedAt = StatusConnected, &siteURL, sealed, &at
	r.RemoteName = nil
	if info.Name != "" {
		r.RemoteName = &info.Name
	}
	r.Categories, r.Authors = info.Categories, info.Authors
	// The settings name options of the site connected now (as PATCH
	// requires): an id it does not offer, another site's, goes back to
	// null instead of riding along on every push.
	if among(r.Settings.Category, r.Categories, "categories", true) != "" {
		r.Settings.Category = nil
	}
	if among(r.Settings.Author, r.Authors, "authors", true) != "" {
		r.Settings.Author = nil
	}
	r.LastError, r.LastErrorAt = nil, nil
	tx := &dynamo.Tx{}
	tx.Delete("connect_token", dynamo.ConnectTokenPK(hashToken(token)), dynamo.ConnectTokenSK, "attribute_exists(pk)")
	put(tx, &r)
	v := r.view(true)
	s.Events.Emit(tx, t.AccountID, t.SiteID, "integration.connected", map[string]any{"integration": v})
	owner := auth.Principal{AccountID: t.AccountID, Actor: auth.Actor{Type: auth.ActorOwner, ID: t.AccountID, Name: "owner"}, IP: auth.IP(ctx)}
	activity.Record(tx, now, owner, activity.Change{
		Action: "integration.connected", SiteID: t.SiteID, Resource: activity.Resource{Type: "integration", ID: t.Platform},
		Summary: fmt.Sprintf("%s connected to %s", t.Platform, siteURL),
	})
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		if dynamo.LostRace(err, "connect_token") {
			return Integration{}, ErrLinkInvalid
		}
		if dynamo.LostRace(err, "integration") {
			return Integration{}, errChanged
		}
		return Integration{}, apperr.Wrap("integrations.FinishConnect", err)
	}
	if replaced != "" {
		s.forget(ctx, t.SiteID, t.Platform, replaced)
	}
	return v, nil
}

// MaxSiteURL is the longest platform site address accepted, as every URL
// field.
const MaxSiteURL = weburl.MaxLen

// siteAddress reports whether u (parsed from raw) can be a platform site's
// address that the API roots are added to: at most MaxSiteURL characters,
// without a query or a fragment (the roots would land in them).
func siteAddress(u *url.URL, raw string) bool {
	return utf8.RuneCountInString(strings.TrimSpace(raw)) <= MaxSiteURL && u.RawQuery == "" && !u.ForceQuery && u.Fragment == "" && !strings.Contains(raw, "#")
}

// keptSiteURL is a platform site's address as a connection keeps it: without
// a trailing slash or https's default port, so the same site typed again
// (https://blog.example.com:443/) is the same connection.
func keptSiteURL(u url.URL) string {
	if u.Port() == "443" {
		u.Host = strings.TrimSuffix(u.Host, ":443")
	}
	return strings.TrimRight(u.String(), "/")
}

// sameSiteURL reports whether stored (kept before, perhaps with the default
// port) and kept name the same platform site.
func sameSiteURL(stored, kept string) bool {
	if u, err := url.Parse(stored); err == nil {
		stored = keptSiteURL(*u)
	}
	return strings.EqualFold(stored, kept)
}

// What of a platform site's test-call answer is kept: the platform is the
// owner's, not the service's, and may answer anything, while the
// integration is one table item (at most 400 KB) shown in pages, events
// and activity.
const (
	// MaxOptions bounds the categories and the authors kept.
	MaxOptions = 100
	// MaxRemoteName bounds the site's name and each option's name, in
	// characters.
	MaxRemoteName = 200
)

// keptInfo is what the service keeps of a test call's answer: names as
// one plain line of at most MaxRemoteName characters, and at most
// MaxOptions categories and authors whose ids PATCH can name (1 to
// MaxOptionID characters of one line without surrounding spaces, each
// once).
func keptInfo(info pushapi.SiteInfo) pushapi.SiteInfo {
	return pushapi.SiteInfo{Name: clip(input.Plain(info.Name)), Categories: keptOptions(info.Categories), Authors: keptOptions(info.Authors)}
}

func keptOptions(in []pushapi.Option) []pushapi.Option {
	var out []pushapi.Option
	seen := map[string]bool{}
	for _, o := range in {
		id := o.ID
		if n := utf8.RuneCountInString(id); n == 0 || n > MaxOptionID || strings.TrimSpace(id) != id || input.SingleLine(id) != "" || seen[id] {
			continue
		}
		seen[id] = true
		name := clip(input.Plain(o.Name))
		if name == "" {
			name = id
		}
		out = append(out, pushapi.Option{ID: id, Name: name})
		if len(out) == MaxOptions {
			break
		}
	}
	return out
}

// clip cuts s to MaxRemoteName characters.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= MaxRemoteName {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:MaxRemoteName]))
}

// sealContext binds a sealed token to its integration and connection.
func sealContext(r record) string { return r.SiteID + "/" + r.Platform + "/" + r.ConnectionID }

// pushMessage is a platform failure in words.
func pushMessage(err error) string {
	var pe *pushapi.PushError
	if errors.As(err, &pe) {
		return pe.Message
	}
	return "The platform could not be reached."
}
