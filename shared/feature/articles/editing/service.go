// Package editing is the articles endpoints' feature and the article text
// rules: it creates, changes, finishes, scores and deletes a site's
// articles (POST/GET/PATCH/DELETE .../articles, finish and score), and
// holds the Markdown rules that writing, rewrites and backlink placement
// share: rendering a body to HTML (GitHub-flavoured Markdown), its word
// count, the stored size, no images, the headings a rewrite may name, and
// the SEO score. Package articles, the items and their store, holds no
// Markdown, so a function that only reads articles (the public articles
// API, forum presence, the owner's pages) links no Markdown parser.
package editing

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"rvcontent/shared/kernel/nouns"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/dynamo"
)

// Service runs the article use cases of the agent API.
type Service struct {
	Store  *articles.Store
	Sites  *sites.Store
	Events *eventlog.Writer
	Clock  clock.Clock
}

// site checks that siteID is the caller's site and returns it, running
// reads of the site's own items at the same time (sites.Store.Within).
func (s *Service) site(ctx context.Context, siteID string, reads ...func(context.Context) error) (auth.Principal, sites.Site, error) {
	p, _ := auth.From(ctx)
	site, err := s.Sites.Within(ctx, p.AccountID, siteID, reads...)
	return p, site, err
}

// Get returns the caller's article.
func (s *Service) Get(ctx context.Context, siteID, id string) (a articles.Article, err error) {
	_, _, err = s.site(ctx, siteID, func(ctx context.Context) (err error) {
		a, err = s.Store.Get(ctx, siteID, id)
		return err
	})
	return a, err
}

// List lists the caller's site's articles. Errors: not_found,
// validation_failed for an unknown status or a bad cursor.
func (s *Service) List(ctx context.Context, siteID string, f articles.Filter, limit int, cursor string) (list []articles.Article, next string, err error) {
	_, _, err = s.site(ctx, siteID, func(ctx context.Context) (err error) {
		if err = f.Check(); err != nil {
			return err
		}
		list, next, err = s.Store.List(ctx, siteID, f, limit, cursor)
		return err
	})
	return list, next, err
}

// Create adds an idea or a scheduled article to the caller's site (source
// api, or dashboard for the signed-in owner) and records article.created.
func (s *Service) Create(ctx context.Context, siteID string, d Draft) (articles.Article, error) {
	p, _, err := s.site(ctx, siteID)
	if err != nil {
		return articles.Article{}, err
	}
	now := s.Clock.Now()
	a := articles.New(siteID, d.Draft, articles.SourceOf(p), now)
	Set(&a, d.rendering())
	tx := &dynamo.Tx{}
	articles.PutNew(tx, p.AccountID, a)
	s.Events.Emit(tx, p.AccountID, siteID, "article.created", map[string]any{"article": a.WithoutBody(), "source": a.Source})
	activity.Record(tx, now, p, activity.Change{
		Action: "article.created", SiteID: siteID, Resource: activity.Resource{Type: "article", ID: a.ID},
		Summary: fmt.Sprintf("Article %s added as %s", nouns.Quoted(a.Title), a.Status),
	})
	if err := s.Store.Table.Commit(ctx, tx, a); err != nil {
		return articles.Article{}, apperr.Wrap("articles.Create", err)
	}
	return a, nil
}

// errGenerating refuses changes while the service writes the article.
var errGenerating = apperr.New(apperr.Conflict, "The article is being written. Wait for its job to end, then change it.")

// errStaysFinished refuses a status for a finished article: status moves
// only between opportunity and scheduled, and a finished article stays
// finished.
var errStaysFinished = apperr.New(apperr.Conflict, "The article is finished and stays finished: status moves only between opportunity and scheduled. Send the PATCH without status.")

// errKeepsBody refuses to empty a finished article's body: finished means
// publishable, and only an article with a body is.
var errKeepsBody = apperr.New(apperr.Conflict, "The article is finished and keeps a body: send body_markdown with the new text, or delete the article.")

// Update applies a PATCH to the caller's article. A change to a finished
// article's title, description, body or tags records article.updated with
// the changed field names; a PATCH that changes nothing writes nothing
// (updated_at stays) and returns the article as it is. Errors: not_found;
// conflict while the article is being written, for a status sent for a
// finished article, or for an empty body (null or blank) sent for one. A
// PATCH that raced another write of the article is applied again to the
// article as it is now (the fields it sends change, the others' stay; see
// again); only then does it answer the race's conflict.
func (s *Service) Update(ctx context.Context, siteID, id string, in Patch) (articles.Article, error) {
	p, site, err := s.site(ctx, siteID)
	if err != nil {
		return articles.Article{}, err
	}
	return again(ctx, func() (articles.Article, error) { return s.update(ctx, p, site, siteID, id, in) })
}

// again runs write, a read-modify-write of one article, again while it
// ends in articles.ErrChanged (another write came between its read and its
// write), as backoff.Retry does.
func again(ctx context.Context, write func() (articles.Article, error)) (articles.Article, error) {
	return backoff.Retry(ctx, func(err error) bool { return errors.Is(err, articles.ErrChanged) }, write)
}

// update applies in once to the article as read now; articles.ErrChanged
// when another write came between the read and the write.
func (s *Service) update(ctx context.Context, p auth.Principal, site sites.Site, siteID, id string, in Patch) (articles.Article, error) {
	var changed []string
	var unchanged *articles.Article
	a, err := s.Store.Change(ctx, siteID, id, func(a *articles.Article) error {
		if a.Status == articles.StatusGenerating {
			return errGenerating
		}
		if a.Status == articles.StatusFinished && in.Status.Sent && !in.Status.Null {
			return errStaysFinished
		}
		if a.Status == articles.StatusFinished && in.BodyMarkdown.Sent && strings.TrimSpace(in.BodyMarkdown.Value) == "" {
			return errKeepsBody
		}
		changed = apply(a, in)
		if len(changed) == 0 {
			// Nothing to write: updated_at stays, so the public articles
			// API does not offer the article again as changed.
			kept := *a
			unchanged = &kept
			return errUnchanged
		}
		if a.Status == articles.StatusFinished {
			a.Slug = articles.Slug(a.Title, a.ID) // the score's keyword_in_slug check reads it
			SetSEOScore(a, site)                  // a finished article's score follows its text and keyword
		}
		return nil
	}, func(tx *dynamo.Tx, before, after articles.Article) error {
		if len(changed) == 0 {
			return nil
		}
		activity.Record(tx, s.Clock.Now(), p, activity.Change{
			Action: "article.updated", SiteID: siteID, Resource: activity.Resource{Type: "article", ID: id},
			Summary: fmt.Sprintf("Article %s changed (%s)", nouns.Quoted(after.Title), strings.Join(changed, ", ")),
		})
		if after.Status == articles.StatusFinished {
			if visible := publicChanges(changed); len(visible) > 0 {
				s.Events.Emit(tx, p.AccountID, siteID, "article.updated", map[string]any{"article": after.WithoutBody(), "changed": visible})
			}
		}
		return nil
	})
	if unchanged != nil && errors.Is(err, errUnchanged) {
		return *unchanged, nil
	}
	return a, err
}

// errUnchanged stops Update's write when the PATCH changes nothing.
var errUnchanged = errors.New("articles: nothing changed")

// apply sets the sent fields and returns the names of those that changed.
// Status moves only between opportunity and scheduled.
func apply(a *articles.Article, in Patch) []string {
	var changed []string
	note := func(name string, differs bool) bool {
		if differs {
			changed = append(changed, name)
		}
		return differs
	}
	if in.Title.Sent && !in.Title.Null && note("title", a.Title != in.Title.Value) {
		a.Title = in.Title.Value
	}
	if in.Description.Sent && note("description", a.Description != in.Description.Value) {
		a.Description = in.Description.Value // null clears to ""
	}
	if in.Keyword.Sent && note("keyword", !same(a.Keyword, in.Keyword)) {
		a.Keyword = value(in.Keyword)
	}
	if in.Tags.Sent && note("tags", strings.Join(a.Tags, "\x00") != strings.Join(in.Tags.Value, "\x00")) {
		a.Tags = in.Tags.Value
	}
	if in.ScheduledFor.Sent && note("scheduled_for", !same(a.ScheduledFor, in.ScheduledFor)) {
		a.ScheduledFor = value(in.ScheduledFor)
	}
	if in.Status.Sent && !in.Status.Null && a.Status != articles.StatusFinished && note("status", a.Status != in.Status.Value) {
		a.Status = in.Status.Value
	}
	if in.BodyMarkdown.Sent && note("body_markdown", a.BodyMarkdown != in.BodyMarkdown.Value) {
		Set(a, in.rendering())
	}
	return changed
}

// same reports whether a nullable field already holds what f sets.
func same(cur *string, f input.Field[string]) bool {
	if f.Null || cur == nil {
		return f.Null && cur == nil
	}
	return *cur == f.Value
}

// value is what a nullable field becomes when f is sent.
func value(f input.Field[string]) *string {
	if f.Null {
		return nil
	}
	v := f.Value
	return &v
}

// publicChanges keeps the fields whose change is an article.updated.
func publicChanges(changed []string) []string {
	var out []string
	for _, c := range changed {
		switch c {
		case "title", "description", "body_markdown", "tags":
			out = append(out, c)
		}
	}
	sort.Strings(out)
	return out
}

// Delete removes the caller's article and records article.deleted.
// Another write of the article between its read and the delete (a PATCH
// of its tags) is no conflict: the delete is applied again to the article
// as it is then (see again). Errors: not_found; conflict while the
// article is being written (or when it kept changing).
func (s *Service) Delete(ctx context.Context, siteID, id string) (articles.Article, error) {
	p, _, err := s.site(ctx, siteID)
	if err != nil {
		return articles.Article{}, err
	}
	return again(ctx, func() (articles.Article, error) { return s.delete(ctx, p, siteID, id) })
}

// delete is one attempt of Delete; articles.ErrChanged when another write
// of the article came between its read and the delete.
func (s *Service) delete(ctx context.Context, p auth.Principal, siteID, id string) (articles.Article, error) {
	return s.Store.Delete(ctx, siteID, id, func(a articles.Article) error {
		if a.Status == articles.StatusGenerating {
			return errGenerating // its job owns it: a refund and its events follow the job's end
		}
		return nil
	}, func(tx *dynamo.Tx, a articles.Article) {
		s.Events.Emit(tx, p.AccountID, siteID, "article.deleted", map[string]any{"article_id": a.ID, "title": a.Title})
		activity.Record(tx, s.Clock.Now(), p, activity.Change{
			Action: "article.deleted", SiteID: siteID, Resource: activity.Resource{Type: "article", ID: a.ID},
			Summary: "Article " + nouns.Quoted(a.Title) + " deleted",
		})
	})
}
