package backlinks

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
)

// perSiteRun bounds the reservations one requesting site gets per run, so
// every site gets its turn.
const perSiteRun = 3

// requester is a site with active targets, as one matcher run sees it.
type requester struct {
	set     settingsItem
	domain  string // registrable domain, one link per article
	targets []targetItem
	// balance is the backlink credits it can still spend in this run: a
	// host whose tier costs more is passed over for one it can pay.
	balance int
	// linked holds, per target id, the host sites already carrying (or
	// about to carry) a link to it.
	linked map[string]map[string]bool
}

// hostSite is a site that hosts links, as one matcher run sees it.
type hostSite struct {
	set        settingsItem
	domain     string
	price      int // its tier
	reputation int
	authority  int
	articles   []articles.Article
	slots      map[string]slotItem
}

// Match is the exchange's matcher (a scheduled task; safe to run again).
// It pairs active targets of member sites whose domain is verified with
// finished, published articles of other accounts' member sites that host
// links, and reserves each pairing. Requesting sites take turns in site id
// order, at most perSiteRun reservations each per run, one per target;
// a site's targets go by priority (highest first), then the longest since
// a placement. A target is skipped at its monthly cap. A host qualifies
// when it is another account's, not on the requester's registrable domain,
// has reputation MinHostReputation or more, blocks none of the requester's
// categories (from its niche and topic tags, and the target's tags,
// anchors and URL path: the text and address the host's article would
// carry), and the requester blocks none of its own; an article
// qualifies when it has a free link slot, was never paired with the
// requester's registrable domain, and its host carries no link to the
// target now. The best
// article shares the most topics (see relevance); ties go to the host
// with the higher reputation, then authority, then the earlier article.
// The price is the host's tier: only hosts the requester can pay from
// its balance are weighed, so a requester short of the best host's price
// gets the best one it can afford.
func (s *Service) Match(ctx context.Context) error {
	reqs, err := s.requesters(ctx)
	if err != nil || len(reqs) == 0 {
		return err
	}
	hosts, err := s.hosts(ctx)
	if err != nil || len(hosts) == 0 {
		return err
	}
	now := s.Clock.Now()
	var errs []error
	for _, r := range reqs {
		if err := s.matchSite(ctx, r, hosts, now); err != nil {
			slog.ErrorContext(ctx, "backlink matching", "site_id", r.set.SiteID, "err", err)
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// matchSite makes the run's reservations for one requesting site.
func (s *Service) matchSite(ctx context.Context, r *requester, hosts []*hostSite, now time.Time) error {
	month := now.Format("2006-01")
	made := 0
	for i := range r.targets {
		t := &r.targets[i]
		if made >= perSiteRun {
			return nil
		}
		if t.Month == month && t.MonthCount >= t.MaxNewLinksPerMonth {
			continue
		}
		m, ok := best(r, t, hosts)
		if !ok {
			continue
		}
		p, err := s.reserve(ctx, m, now)
		if apperr.Is(err, apperr.InsufficientCredits) {
			return nil
		}
		var ce *dynamo.CanceledError
		if errors.As(err, &ce) {
			continue // the slot or the target changed meanwhile
		}
		if err != nil {
			return err
		}
		made++
		r.balance -= p.Credits
		if t.Month != month {
			t.Month, t.MonthCount = month, 0
		}
		t.MonthCount++
		t.Reserved++
		if r.linked[t.ID] == nil {
			r.linked[t.ID] = map[string]bool{}
		}
		r.linked[t.ID][p.HostSite] = true
		sl := m.host.slots[p.HostArticleID]
		sl.Count++
		sl.Domains = append(sl.Domains, p.LinkDomain)
		m.host.slots[p.HostArticleID] = sl
	}
	return nil
}

// best returns the best pairing of target t of r among hosts.
func best(r *requester, t *targetItem, hosts []*hostSite) (pairing, bool) {
	var out pairing
	bestScore := 0
	reqCats := linkCategories(r.set, t.TopicTags, t.URL, t.Anchors)
	for _, h := range hosts {
		if h.set.AccountID == r.set.AccountID || h.domain == r.domain || r.linked[t.ID][h.set.SiteID] ||
			h.price > r.balance || h.reputation < MinHostReputation || blocks(h.set.Blocked, reqCats) {
			continue
		}
		for _, a := range h.articles {
			sl := h.slots[a.ID]
			if sl.Count >= h.set.MaxLinks || sl.has(r.domain) {
				continue
			}
			if blocks(r.set.Blocked, articleCategories(h.set, a)) {
				continue
			}
			score := relevance(t.TopicTags, r.set, h.set, a)
			if score == 0 || !better(score, h, a, bestScore, out) {
				continue
			}
			bestScore = score
			out = pairing{target: *t, from: r, host: h, article: a}
		}
	}
	return out, bestScore > 0
}

// linkCategories returns the categories of a link a requester with
// settings from asks for: its niche and topic tags, and the target's tags,
// anchors and URL path (the text and address the host's article carries).
// A host that blocks one of them does not carry the link.
func linkCategories(from settingsItem, tags []string, page string, anchors []string) map[string]bool {
	return categoriesOf(append(append(append([]string{deref(from.Niche), targetPath(page)}, from.TopicTags...), tags...), anchors...)...)
}

// articleCategories returns the categories of host article a: its host's
// niche and topic tags and the article's tags. A requester that blocks
// one of them gets no link in the article.
func articleCategories(host settingsItem, a articles.Article) map[string]bool {
	return categoriesOf(append(append([]string{deref(host.Niche)}, host.TopicTags...), a.Tags...)...)
}

// targetPath returns the path of a target URL: its words (a
// /casino-bonus page) put the target in a category as its anchors do,
// since the host's article sends its readers there.
func targetPath(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Path
}

// better reports whether (score, h, a) beats the current best.
func better(score int, h *hostSite, a articles.Article, bestScore int, cur pairing) bool {
	switch {
	case cur.host == nil || score != bestScore:
		return score > bestScore
	case h.reputation != cur.host.reputation:
		return h.reputation > cur.host.reputation
	case h.authority != cur.host.authority:
		return h.authority > cur.host.authority
	}
	return a.ID < cur.article.ID
}

// relevance scores how well a host article fits a target: 2 per topic tag
// the target shares with the article's tags, plus 1 per topic (the
// target's and the requesting site's tags) shared with the article's and
// the host site's tags, plus 1 when both sites name the same niche. Tags
// compare without case. 0 means no match.
func relevance(targetTags []string, from, host settingsItem, a articles.Article) int {
	tt := lowerSet(targetTags)
	at := lowerSet(a.Tags)
	score := 2 * overlap(tt, at)
	rt := lowerSet(append(append([]string{}, targetTags...), from.TopicTags...))
	ht := lowerSet(append(append([]string{}, a.Tags...), host.TopicTags...))
	score += overlap(rt, ht)
	if n := strings.ToLower(strings.TrimSpace(deref(from.Niche))); n != "" && n == strings.ToLower(strings.TrimSpace(deref(host.Niche))) {
		score++
	}
	return score
}

func lowerSet(list []string) map[string]bool {
	out := map[string]bool{}
	for _, s := range list {
		if s = strings.ToLower(strings.TrimSpace(s)); s != "" {
			out[s] = true
		}
	}
	return out
}

func overlap(a, b map[string]bool) int {
	n := 0
	for k := range a {
		if b[k] {
			n++
		}
	}
	return n
}

// requesters loads the sites with active targets that may get links now:
// members whose domain counts as verified, with their targets on that
// domain ordered for the run.
func (s *Service) requesters(ctx context.Context) ([]*requester, error) {
	in, err := poolQuery(dynamo.BacklinkTargetsPK)
	if err != nil {
		return nil, err
	}
	rows, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		return nil, err
	}
	pool, err := dynamo.UnmarshalList[targetItem](rows)
	if err != nil {
		return nil, err
	}
	bySite := map[string][]targetItem{}
	for _, t := range pool {
		if t.Active && len(t.Anchors) > 0 {
			bySite[t.SiteID] = append(bySite[t.SiteID], t)
		}
	}
	var out []*requester
	for siteID, ts := range bySite {
		r, err := s.requester(ctx, ts[0].AccountID, siteID, ts)
		if err != nil {
			slog.ErrorContext(ctx, "backlink requester", "site_id", siteID, "err", err)
			continue
		}
		if r != nil {
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].set.SiteID < out[j].set.SiteID })
	return out, nil
}

// requester loads one requesting site, or nil when it may not get links.
func (s *Service) requester(ctx context.Context, accountID, siteID string, ts []targetItem) (*requester, error) {
	set, err := s.loadSettings(ctx, accountID, siteID)
	if err != nil || !set.proven() {
		return nil, err
	}
	if ok, err := s.Member(ctx, accountID, siteID); err != nil || !ok {
		return nil, err
	}
	bal, err := s.Credits.Get(ctx, accountID, siteID)
	if err != nil {
		return nil, err
	}
	r := &requester{set: set, domain: Registrable(set.domain()), balance: bal.BacklinkCredits.Balance, linked: map[string]map[string]bool{}}
	for _, t := range ts {
		if set.owns(t.URL) {
			r.targets = append(r.targets, t)
		}
	}
	sort.SliceStable(r.targets, func(i, j int) bool {
		a, b := r.targets[i], r.targets[j]
		if a.Priority != b.Priority {
			return a.Priority > b.Priority
		}
		if la, lb := deref(a.LastPlacedAt), deref(b.LastPlacedAt); la != lb {
			return la < lb
		}
		return a.ID < b.ID
	})
	active, err := s.activeInbound(ctx, siteID)
	if err != nil {
		return nil, err
	}
	for _, p := range active {
		if r.linked[p.TargetID] == nil {
			r.linked[p.TargetID] = map[string]bool{}
		}
		r.linked[p.TargetID][p.HostSite] = true
	}
	return r, nil
}

// activeInbound returns a site's inbound placements that have not ended.
func (s *Service) activeInbound(ctx context.Context, siteID string) ([]placementItem, error) {
	in, err := placementsQuery(siteID,
		expression.Name("direction").Equal(expression.Value(Inbound)),
		dynamo.AttrIn("status", []string{StatusReserved, StatusPlaced, StatusLive}))
	if err != nil {
		return nil, apperr.Wrap("backlinks.activeInbound", err)
	}
	rows, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		return nil, apperr.Wrap("backlinks.activeInbound", err)
	}
	return dynamo.UnmarshalList[placementItem](rows)
}

// hosts loads the sites that host links now and may take new ones:
// members with at least one finished, published article, priced by tier.
func (s *Service) hosts(ctx context.Context) ([]*hostSite, error) {
	in, err := poolQuery(dynamo.BacklinkHostsPK)
	if err != nil {
		return nil, err
	}
	rows, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		return nil, err
	}
	pool, err := dynamo.UnmarshalList[settingsItem](rows)
	if err != nil {
		return nil, err
	}
	now := s.Clock.Now()
	var out []*hostSite
	for _, set := range pool {
		h, err := s.host(ctx, set, now)
		if err != nil {
			slog.ErrorContext(ctx, "backlink host", "site_id", set.SiteID, "err", err)
			continue
		}
		if h != nil {
			out = append(out, h)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].set.SiteID < out[j].set.SiteID })
	return out, nil
}

// host loads one hosting site, or nil when it cannot host now.
func (s *Service) host(ctx context.Context, pooled settingsItem, now time.Time) (*hostSite, error) {
	set, err := s.loadSettings(ctx, pooled.AccountID, pooled.SiteID)
	if err != nil || !set.hosting() {
		return nil, err
	}
	if ok, err := s.Member(ctx, set.AccountID, set.SiteID); err != nil || !ok {
		return nil, err
	}
	published, err := s.published(ctx, set.SiteID)
	if err != nil || len(published) == 0 {
		return nil, err
	}
	st, err := s.loadStats(ctx, set.AccountID, set.SiteID)
	if err != nil {
		return nil, err
	}
	slots, err := s.loadSlots(ctx, set.SiteID)
	if err != nil {
		return nil, err
	}
	sig := signals(set, st, len(published), now)
	authority := Authority(sig)
	sort.Slice(published, func(i, j int) bool { return published[i].ID < published[j].ID })
	return &hostSite{
		set: set, domain: Registrable(set.domain()), price: Tier(authority), reputation: Reputation(sig),
		authority: authority, articles: published, slots: slots,
	}, nil
}

// poolQuery returns the query of one GSI2 pool.
func poolQuery(pk string) (*dynamodb.QueryInput, error) {
	return dynamo.IndexPartition(dynamo.GSI2, pk).Input()
}

// placementsQuery returns the query of a site's placements that pass every
// filter, newest first.
func placementsQuery(siteID string, filters ...expression.ConditionBuilder) (*dynamodb.QueryInput, error) {
	q := dynamo.PartitionPrefix(dynamo.SitePK(siteID), dynamo.BacklinkPlacementPrefix)
	for _, f := range filters {
		q = q.Filter(f)
	}
	in, err := q.Input()
	if err != nil {
		return nil, err
	}
	in.ScanIndexForward = aws.Bool(false)
	in.ConsistentRead = aws.Bool(true)
	return in, nil
}
