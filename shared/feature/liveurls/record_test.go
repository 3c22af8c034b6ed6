package liveurls_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/articles/editing"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/liveurls"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
)

// verified is a fake backlinks feature: one verified domain per site.
type verified map[string]string

func (v verified) VerifiedDomain(_ context.Context, _, siteID string) (string, bool, error) {
	if siteID == "broken" {
		return "", false, errors.New("backlinks down")
	}
	d, ok := v[siteID]
	return d, ok, nil
}

type rig struct {
	rec     *liveurls.Recorder
	store   *articles.Store
	clock   *clock.Fixed
	account string
	site    sites.Site
}

func newRig(t *testing.T) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	table := dynamotest.Table(t)
	clk := &clock.Fixed{T: time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)}
	store := &articles.Store{Table: table, Clock: clk}
	website := "https://www.acme.com"
	r := &rig{store: store, clock: clk, account: ids.New(), site: sites.Site{ID: ids.New(), WebsiteURL: &website}}
	r.rec = &liveurls.Recorder{Articles: store, Events: &eventlog.Writer{Clock: clk}, Clock: clk, Verified: verified{r.site.ID: "acme-partner.io"}}
	return r
}

func (r *rig) article(t *testing.T, status string) articles.Article {
	t.Helper()
	a := articles.New(r.site.ID, articles.Draft{Title: "Hello"}, articles.SourceAPI, r.clock.Now())
	editing.SetBody(&a, "Hi")
	a.Status = status
	tx := &dynamo.Tx{}
	articles.PutNew(tx, r.account, a)
	if err := r.store.Table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	return a
}

func (r *rig) report(id, body string) (articles.Article, error) {
	return r.rec.Record(context.Background(), liveurls.Report{
		Site: r.site, AccountID: r.account, ArticleID: id, Body: []byte(body),
		By: auth.Principal{AccountID: r.account, Actor: auth.Actor{Type: auth.ActorService, ID: "k", Name: "site key"}},
	})
}

func TestRecordOnVerifiedDomainAndRepeat(t *testing.T) {
	r := newRig(t)
	a := r.article(t, articles.StatusFinished)
	r.clock.Add(time.Second)
	got, err := r.report(a.ID, `{"published_url":"https://blog.acme-partner.io/hello"}`)
	if err != nil || got.PublishedURL == nil || *got.PublishedURL != "https://blog.acme-partner.io/hello" || got.UpdatedAt <= a.UpdatedAt {
		t.Fatalf("report on the verified domain: %+v, %v", got, err)
	}
	r.clock.Add(time.Second)
	again, err := r.report(a.ID, `{"published_url":"https://blog.acme-partner.io/hello"}`)
	if err != nil || again.UpdatedAt != got.UpdatedAt {
		t.Fatalf("repeat moved the article: %+v, %v", again, err)
	}
	stored, _ := r.store.Get(context.Background(), r.site.ID, a.ID)
	if stored.UpdatedAt != got.UpdatedAt || *stored.PublishedURL != *got.PublishedURL || stored.PublishedAt == nil {
		t.Fatalf("stored %+v", stored)
	}
}

func TestRecordRefusals(t *testing.T) {
	r := newRig(t)
	idea := r.article(t, articles.StatusScheduled)
	cases := []struct {
		name, id, body string
		code           apperr.Code
		msg            string
	}{
		{"bad body before a bad id", "nope", `{}`, apperr.BadRequest, liveurls.MsgSendURL},
		{"off-domain before a bad id", "nope", `{"published_url":"https://elsewhere.com/"}`, apperr.BadRequest,
			"published_url must be on your own site (acme.com, acme-partner.io)."},
		{"bad id", "nope", `{"published_url":"https://acme.com/"}`, apperr.Internal, "Internal error"},
		{"unknown", ids.New(), `{"published_url":"https://acme.com/"}`, apperr.NotFound, "Article not found"},
		{"not finished", idea.ID, `{"published_url":"https://acme.com/"}`, apperr.NotFound, "Article not found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := r.report(c.id, c.body)
			var e *apperr.Error
			if !errors.As(err, &e) || e.Code != c.code || e.Message != c.msg {
				t.Fatalf("error %v, want %s %q", err, c.code, c.msg)
			}
		})
	}
	r.site.ID = "broken"
	if _, err := r.report(ids.New(), `{"published_url":"https://acme.com/"}`); apperr.CodeOf(err) != apperr.Internal {
		t.Fatalf("failing backlinks feature: %v", err)
	}
}
