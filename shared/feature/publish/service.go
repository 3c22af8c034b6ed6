package publish

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rvcontent/shared/kernel/nouns"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/idempotency"
	"rvcontent/shared/feature/liveurls"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
)

// Outcome is what happened at one destination: "url" for the recorded live
// URL (result recorded), or an integration id (result created, updated or
// failed, with error set when failed).
type Outcome struct {
	Destination string   `json:"destination"`
	Result      string   `json:"result"`
	URL         *string  `json:"url"`
	Error       *Failure `json:"error"`
}

// Failure says why a push failed.
type Failure struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Result is a publish's answer: the article as it is afterwards and one
// outcome per destination, the live URL first.
type Result struct {
	Article  articles.Article
	Outcomes []Outcome
}

// Outcome results beyond the pushes'.
const (
	// SourceAgent is article.published's source for this endpoint, and
	// SourceDashboard when the signed-in owner records the URL.
	SourceAgent     = "agent"
	SourceDashboard = "dashboard"
	ResultRecorded  = "recorded"
	ResultFailed    = "failed"
	// DestinationURL names the recorded live URL among the outcomes.
	DestinationURL = "url"
)

// errNoPusher refuses pushes where no integration can push.
var errNoPusher = apperr.New(apperr.IntegrationUnavailable, "Pushing to integrations is not available on this service yet. Record the article's live URL with url instead.")

// Publish publishes the caller's finished article: it records r.URL as
// its live URL (article.published, source agent, result recorded) and
// pushes it to each of r.Destinations (article.published with the
// platform as source, or article.publish_failed). The URL is checked
// before the article is read: a public http(s) address on the site's
// website domain or verified backlink domain ("www." ignored, subdomains
// accepted). The destinations are pushed at the same time. A failed push
// does not fail the request; its outcome says why. Errors: not_found; validation_failed (url); integration_unavailable
// (destinations, when pushing is not wired); conflict (not finished).
func (s *Service) Publish(ctx context.Context, p auth.Principal, siteID, id string, r Request) (Result, error) {
	site, err := s.Sites.Get(ctx, p.AccountID, siteID)
	if err != nil {
		return Result{}, err
	}
	if r.URL != "" {
		if err := s.checkURL(ctx, p.AccountID, site, r.URL); err != nil {
			return Result{}, err
		}
	}
	pusher := s.Pusher
	if len(r.Destinations) > 0 && pusher == nil {
		return Result{}, errNoPusher
	}
	a, err := s.Articles.Get(ctx, siteID, id)
	if err != nil {
		return Result{}, err
	}
	if a.Status != articles.StatusFinished {
		return Result{}, errNotFinished
	}
	var out Result
	if r.URL != "" {
		u := r.URL
		recorded := Outcome{Destination: DestinationURL, Result: ResultRecorded, URL: &u}
		// Without destinations the URL's transaction carries the whole
		// answer, stored there for an Idempotency-Key: a retry after a
		// crash past it replays the answer.
		var answer func(articles.Article) any
		if len(r.Destinations) == 0 {
			answer = func(after articles.Article) any { return Result{Article: after, Outcomes: []Outcome{recorded}} }
		}
		if a, err = s.record(ctx, p, siteID, id, r.URL, answer); err != nil {
			return Result{}, err
		}
		out.Outcomes = append(out.Outcomes, recorded)
	}
	out.Article = a
	if len(r.Destinations) == 0 {
		return out, nil
	}
	// The destinations are pushed at once: each platform call may take
	// the egress client's whole timeout, and one after another they could
	// outlast the endpoint's own (29 seconds behind API Gateway's 30).
	request := ""
	if c := idempotency.FromContext(ctx); c != nil {
		request = c.Request()
	}
	pushes := make([]Outcome, len(r.Destinations))
	calls := make([]func(context.Context) error, len(r.Destinations))
	for i, d := range r.Destinations {
		calls[i] = func(ctx context.Context) error {
			pushes[i] = push(ctx, pusher, p, a, d, request)
			return nil
		}
	}
	if err := par.Do(ctx, calls...); err != nil {
		return Result{}, err
	}
	out.Outcomes = append(out.Outcomes, pushes...)
	// What the pushes record is one transaction with the answer (stored
	// there for an Idempotency-Key): a retry after a crash past it replays
	// the answer, and one before it finds each push made (see Pusher).
	tx := &dynamo.Tx{}
	for _, o := range pushes {
		s.notePush(tx, p, a, o)
	}
	if err := s.Table.Commit(ctx, tx, out); err != nil {
		return Result{}, apperr.Wrap("publish.Publish", err)
	}
	return out, nil
}

// errNotFinished refuses publishing an article that is not finished.
var errNotFinished = apperr.New(apperr.Conflict, "Only finished articles can be published. Finish the article first (POST .../finish, or POST .../generate to have it written).")

// checkURL applies the public articles API's live-URL rules to raw,
// answering validation_failed on url.
func (s *Service) checkURL(ctx context.Context, accountID string, site sites.Site, raw string) error {
	verified := ""
	if s.Verified != nil {
		d, ok, err := s.Verified.VerifiedDomain(ctx, accountID, site.ID)
		if err != nil {
			return apperr.Wrap("publish.checkURL", err)
		}
		if ok {
			verified = d
		}
	}
	err := liveurls.CheckURL(raw, liveurls.Domains(site, verified))
	var e *apperr.Error
	if err == nil || !errors.As(err, &e) || e.Code != apperr.BadRequest {
		return err
	}
	// The public API's sentence is about published_url; here the field is url.
	problem := strings.TrimSuffix(strings.TrimPrefix(e.Message, "published_url "), ".")
	return apperr.Invalid(apperr.Problem{Field: "url", Problem: problem})
}

// sourceOf is article.published's source for a URL p records.
func sourceOf(p auth.Principal) string {
	if p.Actor.Type == auth.ActorOwner {
		return SourceDashboard
	}
	return SourceAgent
}

// errSame stops a change that would write the URL already on file.
var errSame = errors.New("publish: same URL")

// record sets the article's live URL, moving updated_at, with
// article.published and the activity entry; the URL already on file
// changes nothing. Another write of the article between its read and its
// write (a PATCH of its title, a URL reported through the public API) is
// no conflict: the URL is set again on the article as it is then, as
// backoff.Retry does. answer, when not nil, makes the request's answer
// from the article as written, for the URL's transaction to carry (see
// articles.Store.ChangeAnswering).
func (s *Service) record(ctx context.Context, p auth.Principal, siteID, id, url string, answer func(articles.Article) any) (articles.Article, error) {
	return backoff.Retry(ctx, func(err error) bool { return errors.Is(err, articles.ErrChanged) }, func() (articles.Article, error) {
		return s.recordOnce(ctx, p, siteID, id, url, answer)
	})
}

// recordOnce is one attempt of record; articles.ErrChanged when another
// write of the article came between its read and its write.
func (s *Service) recordOnce(ctx context.Context, p auth.Principal, siteID, id, url string, answer func(articles.Article) any) (articles.Article, error) {
	var current articles.Article
	a, err := s.Articles.ChangeAnswering(ctx, siteID, id, func(a *articles.Article) error {
		if a.Status != articles.StatusFinished {
			return errNotFinished
		}
		if a.PublishedURL != nil && *a.PublishedURL == url {
			current = *a
			return errSame
		}
		u, at := url, clock.Format(s.Clock.Now())
		a.PublishedURL, a.PublishedAt = &u, &at
		return nil
	}, func(tx *dynamo.Tx, _, after articles.Article) error {
		s.Events.Emit(tx, p.AccountID, siteID, "article.published", map[string]any{
			"article_id": id, "source": sourceOf(p), "url": url, "result": ResultRecorded,
		})
		activity.Record(tx, s.Clock.Now(), p, activity.Change{
			Action: "article.published", SiteID: siteID, Resource: activity.Resource{Type: "article", ID: id},
			Summary: fmt.Sprintf("Live URL of %s recorded: %s", nouns.Quoted(after.Title), url),
		})
		return nil
	}, answer)
	if errors.Is(err, errSame) {
		return current, nil
	}
	return a, err
}
