package articles

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/model"
)

// ErrNotFound is returned for an article that is not on the site.
var ErrNotFound = apperr.NotFoundf("No article with that id on this site.")

// item is an article as stored under its site. While the article is
// finished, GSI2 lists it by update time for the public articles API.
type item struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Article
	AccountID string `dynamodbav:"account_id"`
	GSI2PK    string `dynamodbav:"gsi2pk,omitempty"`
	GSI2SK    string `dynamodbav:"gsi2sk,omitempty"`
}

func toItem(accountID string, a Article) item {
	it := item{PK: dynamo.SitePK(a.SiteID), SK: dynamo.ArticleSK(a.ID), Article: a, AccountID: accountID}
	if a.Status == StatusFinished {
		it.GSI2PK, it.GSI2SK = dynamo.FinishedArticlesPK(a.SiteID), a.UpdatedAt+"#"+a.ID
	}
	if it.Tags == nil {
		it.Tags = []string{}
	}
	return it
}

// Store reads and writes articles.
type Store struct {
	Table *dynamo.Table
	Clock clock.Clock
}

// PutNew adds a new article of account to tx.
func PutNew(tx *dynamo.Tx, accountID string, a Article) {
	tx.PutNew("article", toItem(accountID, a))
}

// Get returns article id of site siteID. The caller has checked that the
// site is the caller's.
func (s *Store) Get(ctx context.Context, siteID, id string) (Article, error) {
	it, err := s.getItem(ctx, siteID, id)
	return it.Article, err
}

func (s *Store) getItem(ctx context.Context, siteID, id string) (item, error) {
	var it item
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.ArticleSK(id), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return item{}, ErrNotFound
	}
	if err != nil {
		return item{}, apperr.Wrap("articles.Get", err)
	}
	return it, nil
}

// Filter narrows a list of a site's articles.
type Filter struct {
	Statuses []string // any of these statuses, when set
	Keyword  string   // only articles for this keyword, when set
}

// Statuses lists every article status, in the order an article moves
// through them.
var Statuses = []string{StatusOpportunity, StatusScheduled, StatusGenerating, StatusFinished}

// Check refuses a filter naming a status no article can have, as the other
// lists' status filters do (validation_failed on status).
func (f Filter) Check() error { return input.Filter("status", f.Statuses, Statuses) }

func (f Filter) keep(a Article) bool {
	if len(f.Statuses) > 0 {
		found := false
		for _, s := range f.Statuses {
			found = found || s == a.Status
		}
		if !found {
			return false
		}
	}
	// Keywords compare as the service compares them everywhere else (rank,
	// rescans, research): model.NormalKeyword, so the filter finds an
	// article whatever the case, spacing or accent composition of either.
	return f.Keyword == "" || (a.Keyword != nil && model.NormalKeyword(*a.Keyword) == model.NormalKeyword(f.Keyword))
}

// List returns up to limit of the site's articles matching f, newest first,
// after cursor.
func (s *Store) List(ctx context.Context, siteID string, f Filter, limit int, cursor string) ([]Article, string, error) {
	cur, err := dynamo.DecodeCursor(cursor)
	if err != nil {
		return nil, "", badCursor
	}
	in, err := SummaryQuery(siteID)
	if err != nil {
		return nil, "", apperr.Wrap("articles.List", err)
	}
	pk := dynamo.SitePK(siteID)
	// Read on until one more match than the page holds is seen (there is a
	// next page) or the partition ends (there is none).
	var out []Article
	lastSK, more := "", false
	for !more {
		items, n, err := dynamo.QueryPage[item](ctx, s.Table, in, limit, cur, pk)
		if errors.Is(err, dynamo.ErrBadCursor) {
			return nil, "", badCursor
		}
		if err != nil {
			return nil, "", apperr.Wrap("articles.List", err)
		}
		for _, it := range items {
			if !f.keep(it.Article) {
				continue
			}
			if len(out) == limit {
				more = true
				break
			}
			out = append(out, it.Article)
			lastSK = it.SK
		}
		if n == "" {
			break
		}
		cur, _ = dynamo.DecodeCursor(n)
	}
	next := ""
	if more {
		next = dynamo.EncodeCursor(dynamo.Cursor{"sk": lastSK})
	}
	if out == nil {
		out = []Article{}
	}
	return out, next, nil
}

var badCursor = apperr.BadCursor()

// summaryAttributes are every attribute but the bodies, for lists.
var summaryAttributes = []string{"id", "site_id", "status", "title", "slug", "description", "keyword", "tags", "word_count", "seo_score",
	"source", "scheduled_for", "estimates", "published_url", "published_at", "finished_at", "created_at", "updated_at", dynamo.SK}

// SummaryQuery returns the query of the site's articles without their
// bodies, newest first: what lists read (the benchmark reads it raw).
func SummaryQuery(siteID string) (*dynamodb.QueryInput, error) {
	in, err := dynamo.PartitionPrefix(dynamo.SitePK(siteID), dynamo.ArticlePrefix).Project(summaryAttributes...).Input()
	if err != nil {
		return nil, err
	}
	in.ConsistentRead = aws.Bool(true)
	in.ScanIndexForward = aws.Bool(false)
	return in, nil
}

// All returns every article of the site without bodies, newest first; for
// planning features (rank, autopilot, rescans) on one site.
func (s *Store) All(ctx context.Context, siteID string) ([]Article, error) {
	in, err := SummaryQuery(siteID)
	if err != nil {
		return nil, apperr.Wrap("articles.All", err)
	}
	rows, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		return nil, apperr.Wrap("articles.All", err)
	}
	items, err := dynamo.UnmarshalList[item](rows)
	if err != nil {
		return nil, apperr.Wrap("articles.All", err)
	}
	out := make([]Article, len(items))
	for i, it := range items {
		out[i] = it.Article
	}
	return out, nil
}

// Scheduled returns the site's scheduled articles with their Markdown bodies
// (not their HTML), newest first, so a caller can tell a body from none as
// Article.Written does (a body without words a reader sees, such as an
// HTML comment, is still a body): what the autopilot writes from. It reads
// the partition as All does and returns only what a scheduled article
// holds.
func (s *Store) Scheduled(ctx context.Context, siteID string) ([]Article, error) {
	in, err := dynamo.PartitionPrefix(dynamo.SitePK(siteID), dynamo.ArticlePrefix).
		Filter(expression.Name("status").Equal(expression.Value(StatusScheduled))).
		Project(append(slices.Clip(summaryAttributes), "body_markdown")...).Input()
	if err != nil {
		return nil, apperr.Wrap("articles.Scheduled", err)
	}
	in.ConsistentRead = aws.Bool(true)
	in.ScanIndexForward = aws.Bool(false)
	rows, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		return nil, apperr.Wrap("articles.Scheduled", err)
	}
	items, err := dynamo.UnmarshalList[item](rows)
	if err != nil {
		return nil, apperr.Wrap("articles.Scheduled", err)
	}
	out := make([]Article, len(items))
	for i, it := range items {
		out[i] = it.Article
	}
	return out, nil
}

// ErrChanged is returned by Change when the article changed between the read
// and the write; the caller may retry.
var ErrChanged = apperr.New(apperr.Conflict, "The article changed at the same moment. Retry the request.")

// Change reads article id of site siteID, applies change to it, and writes
// the result if nobody wrote the article in between (its updated_at is the
// condition). updated_at moves forward and the slug follows the title. also, when not nil, adds writes that
// belong with the change (events, activity, credits) to the same
// transaction; before and after are the article as read and as written.
// change returning an error stops without writing.
//
// A finished article's write also moves the site's finished head (see
// putHead); when a write with a later updated_at committed first, Change
// starts again past it (up to headAttempts times, then ErrChanged).
func (s *Store) Change(ctx context.Context, siteID, id string, change func(a *Article) error,
	also func(tx *dynamo.Tx, before, after Article) error) (Article, error) {
	return s.ChangeAnswering(ctx, siteID, id, change, also, nil)
}

// ChangeAnswering is Change for a request whose answer is more than the
// article: answer turns the article as written into the result its
// transaction commits with (see dynamo.Table.Commit), so a request's
// answer stored for its Idempotency-Key joins the change. A nil answer
// commits the article, as Change does.
func (s *Store) ChangeAnswering(ctx context.Context, siteID, id string, change func(a *Article) error,
	also func(tx *dynamo.Tx, before, after Article) error, answer func(after Article) any) (Article, error) {
	floor := ""
	for attempt := 1; ; attempt++ {
		a, err := s.changeOnce(ctx, siteID, id, floor, change, also, answer)
		if !dynamo.FailedOn(err, headWrite) {
			return a, err
		}
		if attempt == headAttempts {
			return Article{}, ErrChanged
		}
		if floor, err = s.head(ctx, siteID); err != nil {
			return Article{}, err
		}
	}
}

// changeOnce is one attempt of Change, whose updated_at is later than
// floor (a finished head read after a lost attempt; "" on the first).
func (s *Store) changeOnce(ctx context.Context, siteID, id, floor string, change func(a *Article) error,
	also func(tx *dynamo.Tx, before, after Article) error, answer func(after Article) any) (Article, error) {
	it, err := s.getItem(ctx, siteID, id)
	if err != nil {
		return Article{}, err
	}
	before := it.Article
	after := before
	after.Tags = append([]string{}, before.Tags...) // a list, never null, even when nothing changes
	if err := change(&after); err != nil {
		return Article{}, err
	}
	if after.Tags == nil {
		after.Tags = []string{} // tags are a list, never null
	}
	after.UpdatedAt = s.nextUpdate(before.UpdatedAt, floor)
	after.Slug = Slug(after.Title, after.ID) // the slug follows the title, whatever the status
	tx := &dynamo.Tx{}
	tx.Put("article", toItem(it.AccountID, after), "updated_at = :old", map[string]types.AttributeValue{
		":old": &types.AttributeValueMemberS{Value: before.UpdatedAt},
	})
	putHead(tx, after)
	if also != nil {
		if err := also(tx, before, after); err != nil {
			return Article{}, err
		}
	}
	var result any = after
	if answer != nil {
		result = answer(after)
	}
	if err := s.Table.Commit(ctx, tx, result); err != nil {
		if dynamo.FailedOn(err, "article") {
			return Article{}, ErrChanged
		}
		return Article{}, err
	}
	return after, nil
}

// nextUpdate returns the service time as an updated_at, strictly after
// previous so every write moves it, and strictly after floor (when set).
func (s *Store) nextUpdate(previous, floor string) string {
	now := s.Clock.Now()
	for _, after := range []string{previous, floor} {
		if p, err := time.Parse(clock.Layout, after); err == nil && !now.After(p) {
			now = p.Add(time.Microsecond)
		}
	}
	return clock.Format(now)
}

// headItem holds the latest updated_at written into a site's finished
// articles (GSI2, which the public articles API lists by updated_at).
type headItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	UpdatedAt string `dynamodbav:"updated_at"`
}

// headWrite names the finished head's write in a transaction.
const headWrite = "finished_head"

// headAttempts bounds how often Change starts again past a finished head
// that a concurrent write moved.
const headAttempts = 5

// putHead adds to tx, when a is finished, the move of its site's finished
// head to a's updated_at, on condition that the head is earlier. An
// updated_at is taken before its transaction commits, so without it a
// write could land in the finished list behind one committed after it,
// behind the next_since a consumer of the public API already holds, and
// that consumer would never see it (public spec 4, cursor rules 2 to 5).
// With it, the site's finished articles commit in updated_at order: a
// write overtaken by a later one fails on the head and starts again.
func putHead(tx *dynamo.Tx, a Article) {
	if a.Status != StatusFinished {
		return
	}
	tx.Put(headWrite, headItem{PK: dynamo.SitePK(a.SiteID), SK: dynamo.FinishedHeadSK, UpdatedAt: a.UpdatedAt},
		"attribute_not_exists(pk) OR updated_at < :at", map[string]types.AttributeValue{
			":at": &types.AttributeValueMemberS{Value: a.UpdatedAt},
		})
}

// head returns the site's finished head ("" before the first finished
// write).
func (s *Store) head(ctx context.Context, siteID string) (string, error) {
	var h headItem
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.FinishedHeadSK, &h)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return "", apperr.Wrap("articles.head", err)
	}
	return h.UpdatedAt, nil
}

// Delete removes article id of the site in tx, with also's writes. guard,
// when not nil, may refuse the article as read; the delete then happens
// only if nobody wrote the article in between (its updated_at is the
// condition), so a guard's refusal cannot be raced past: ErrChanged when
// the article changed, ErrNotFound when it is gone.
func (s *Store) Delete(ctx context.Context, siteID, id string, guard func(a Article) error, also func(tx *dynamo.Tx, a Article)) (Article, error) {
	it, err := s.getItem(ctx, siteID, id)
	if err != nil {
		return Article{}, err
	}
	if guard != nil {
		if err := guard(it.Article); err != nil {
			return Article{}, err
		}
	}
	tx := &dynamo.Tx{}
	tx.Raw("article", types.TransactWriteItem{Delete: &types.Delete{
		Key:                       dynamo.Key(it.PK, it.SK),
		ConditionExpression:       aws.String("updated_at = :old"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":old": &types.AttributeValueMemberS{Value: it.UpdatedAt}},
	}})
	if also != nil {
		also(tx, it.Article)
	}
	if err := s.Table.Commit(ctx, tx, it.Article); err != nil {
		if dynamo.FailedOn(err, "article") {
			if _, gone := s.getItem(ctx, siteID, id); errors.Is(gone, ErrNotFound) {
				return Article{}, ErrNotFound
			}
			return Article{}, ErrChanged
		}
		return Article{}, apperr.Wrap("articles.Delete", err)
	}
	return it.Article, nil
}

// ListFinished returns up to limit finished articles of the site whose
// updated_at is later than since, oldest update first, with their bodies;
// with unpublishedOnly, only those without a live URL, read from the site's
// live mark on (see liveMarkItem) and moving it forward. It serves the public
// articles API.
func (s *Store) ListFinished(ctx context.Context, siteID string, since time.Time, limit int, unpublishedOnly bool) ([]Article, error) {
	after := "" // the sort key the list starts after
	if !since.IsZero() {
		after = clock.Format(since) + "#~"
	}
	var mark liveWalk
	if unpublishedOnly {
		var err error
		if mark, err = s.liveWalk(ctx, siteID, after); err != nil {
			return nil, err
		}
		after = max(after, mark.from)
	}
	q := dynamo.IndexPartition(dynamo.GSI2, dynamo.FinishedArticlesPK(siteID))
	if after != "" {
		q = q.SKGreaterThan(after)
	}
	in, err := q.Input()
	if err != nil {
		return nil, apperr.Wrap("articles.ListFinished", err)
	}
	in.TableName = aws.String(s.Table.Name)
	in.ScanIndexForward = aws.Bool(true)
	var out []Article
	p := dynamodb.NewQueryPaginator(s.Table.Client, in)
	for p.HasMorePages() && len(out) < limit {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, apperr.Wrap("articles.ListFinished", err)
		}
		items, err := dynamo.UnmarshalList[item](page.Items)
		if err != nil {
			return nil, apperr.Wrap("articles.ListFinished", err)
		}
		for _, it := range items {
			mark.pass(it)
			if unpublishedOnly && it.PublishedURL != nil {
				continue
			}
			if len(out) < limit {
				out = append(out, it.Article)
			}
		}
	}
	s.moveLiveMark(ctx, siteID, mark)
	if out == nil {
		out = []Article{}
	}
	return out, nil
}

// CountPublished counts the site's finished articles with a live URL, up to
// upTo (it stops reading there): one Query of the finished articles' index
// that returns only the count. The index follows writes within moments,
// like every index; it serves figures, such as the backlink authority
// score, that a moment's lag does not harm.
func (s *Store) CountPublished(ctx context.Context, siteID string, upTo int) (int, error) {
	live := expression.And(expression.AttributeType(expression.Name("published_url"), expression.String),
		expression.Size(expression.Name("published_url")).GreaterThan(expression.Value(0)))
	in, err := dynamo.IndexPartition(dynamo.GSI2, dynamo.FinishedArticlesPK(siteID)).Filter(live).Input()
	if err != nil {
		return 0, apperr.Wrap("articles.CountPublished", err)
	}
	in.TableName = aws.String(s.Table.Name)
	in.Select = types.SelectCount
	n := 0
	p := dynamodb.NewQueryPaginator(s.Table.Client, in)
	for p.HasMorePages() && n < upTo {
		page, err := p.NextPage(ctx)
		if err != nil {
			return 0, apperr.Wrap("articles.CountPublished", err)
		}
		n += int(page.Count)
	}
	return min(n, upTo), nil
}
