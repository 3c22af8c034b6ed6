package backlinks

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/egress"
)

// stepBatch bounds the placements one scheduled run works on.
const stepBatch = 50

// RunDue works on every placement whose next step is due (a scheduled
// task; safe to run again): reservations are placed into their host
// article (or expire), placed and live links are checked on the host's
// live page. A step that lost a race with another change waits for the
// next run.
func (s *Service) RunDue(ctx context.Context) error {
	due, err := dynamo.Due[placementItem](ctx, s.Table, placementKind, clock.SortKey(s.Clock.Now())+"~", stepBatch)
	if err != nil {
		return err
	}
	var errs []error
	for _, d := range due {
		p, err := s.getPlacement(ctx, d.HostSite, d.ID)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if p.ended() || p.NextAt > clock.SortKey(s.Clock.Now()) {
			continue
		}
		if p.Status == StatusReserved {
			err = s.place(ctx, p)
		} else {
			err = s.check(ctx, p)
		}
		if err != nil && !lostRace(err) {
			slog.ErrorContext(ctx, "backlink placement step", "placement_id", p.ID, "status", p.Status, "err", err)
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// How a reservation ends whose target (deleted by the requester) or host
// article (deleted by the host) is gone: it can never be placed.
var (
	targetDeleted  = ending{status: StatusCancelled, reason: ReasonTargetDeleted}
	articleDeleted = ending{status: StatusCancelled, reason: ReasonArticleDeleted}
)

// errNotPlaceable stops placing into an article that cannot host a link now.
var errNotPlaceable = errors.New("backlinks: the host article cannot take the link now")

// place inserts a reserved link into its host article: placed, with the
// anchor used, the article's live URL, and the first link check due after
// FirstCheckAfter. The link goes to the target as it is now (its URL and
// anchors: see retarget). A reservation whose target or host article was
// deleted ends at once (cancelled, target_deleted or article_deleted,
// credits back): neither comes back. While the host no longer hosts
// (opted out, domain not verified, plan lapsed), the requester is no
// member now (plan lapsed) or no longer owns the target's page, the
// target was deactivated, a side now blocks the other's category, the
// article carries as many links as the host now allows, or the article is
// not a finished, published article, placing is retried every PlaceRetry
// until the reservation expires (not_placed, credits back).
func (s *Service) place(ctx context.Context, p placementItem) error {
	now := s.Clock.Now()
	t, err := s.getTarget(ctx, p.FromSite, p.TargetID)
	if errors.Is(err, ErrTargetNotFound) {
		_, err = s.end(ctx, p, targetDeleted)
		return err
	}
	if err != nil {
		return err
	}
	a, err := s.Articles.Get(ctx, p.HostSite, p.HostArticleID)
	if errors.Is(err, articles.ErrNotFound) {
		_, err = s.end(ctx, p, articleDeleted)
		return err
	}
	if err != nil {
		return err
	}
	p = p.retarget(t)
	ok, err := s.hostCanPlace(ctx, p, t, a)
	if err != nil {
		return err
	}
	if ok {
		err = s.insert(ctx, p, now)
		if !errors.Is(err, errNotPlaceable) && !errors.Is(err, articles.ErrNotFound) {
			return err
		}
	}
	if exp, perr := clock.Parse(deref(p.ExpiresAt)); perr == nil && now.Before(exp) {
		return s.reschedule(ctx, p, byDeadline(now.Add(PlaceRetry), p.ExpiresAt))
	}
	_, err = s.end(ctx, p, ending{status: StatusExpired, reason: ReasonNotPlaced})
	return err
}

// hostCanPlace reports whether the host site hosts links now and p, for
// its target t and host article a as read now, still fits what both sides
// allow (see fits).
func (s *Service) hostCanPlace(ctx context.Context, p placementItem, t targetItem, a articles.Article) (bool, error) {
	set, err := s.loadSettings(ctx, p.HostAccount, p.HostSite)
	if err != nil || !set.hosting() {
		return false, err
	}
	if ok, err := s.Member(ctx, p.HostAccount, p.HostSite); err != nil || !ok {
		return false, err
	}
	return s.fits(ctx, p, t, a, set)
}

// fits reports whether reservation p of target t into host article a
// (both as read now) may be placed under the settings both sides have now (host the host's), as
// matching weighed them when it reserved p: the requester is still a
// member (its plan current, its site usable), still owns the target's
// page (see owns), the target is active, neither side blocks a category
// of the other's (see linkCategories and articleCategories), and the host
// article carries fewer placed or live exchange links than the host's
// max_links_per_article. Settings changed after the reservation count.
func (s *Service) fits(ctx context.Context, p placementItem, t targetItem, a articles.Article, host settingsItem) (bool, error) {
	if !t.Active {
		return false, nil
	}
	if ok, err := s.Member(ctx, p.FromAccount, p.FromSite); err != nil || !ok {
		return false, err
	}
	from, err := s.loadSettings(ctx, p.FromAccount, p.FromSite)
	if err != nil || !from.owns(p.TargetURL) {
		return false, err
	}
	if blocks(host.Blocked, linkCategories(from, t.TopicTags, p.TargetURL, p.Anchors)) || blocks(from.Blocked, articleCategories(host, a)) {
		return false, nil
	}
	in, err := placementsQuery(p.HostSite,
		expression.Name("direction").Equal(expression.Value(Hosted)),
		expression.Name("host_article_id").Equal(expression.Value(p.HostArticleID)),
		dynamo.AttrIn("status", []string{StatusPlaced, StatusLive}))
	if err != nil {
		return false, apperr.Wrap("backlinks.fits", err)
	}
	carried, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		return false, apperr.Wrap("backlinks.fits", err)
	}
	return len(carried) < host.MaxLinks, nil
}

// retarget returns reservation p for its target t as it is now: the
// target's URL and anchors (the anchor rotation kept), so a target the
// requester changed after the reservation is linked as it now is.
func (p placementItem) retarget(t targetItem) placementItem {
	p.TargetURL, p.Anchors = t.URL, t.Anchors
	if len(t.Anchors) > 0 {
		p.AnchorIndex %= len(t.Anchors)
		p.AnchorUsed = t.Anchors[p.AnchorIndex]
	}
	return p
}

// hostSite returns the site of p's host article, on which a change of the
// article's text scores it again; the zero Site when the site is gone (its
// articles are gone with it).
func (s *Service) hostSite(ctx context.Context, p placementItem) (sites.Site, error) {
	site, err := s.Sites.Get(ctx, p.HostAccount, p.HostSite)
	if errors.Is(err, sites.ErrNotFound) {
		return sites.Site{}, nil
	}
	return site, err
}

// insert writes the link into the host article and marks p placed.
func (s *Service) insert(ctx context.Context, p placementItem, now time.Time) error {
	var anchor string
	who := auth.Service(p.HostAccount, serviceActor)
	site, err := s.hostSite(ctx, p)
	if err != nil {
		return err
	}
	_, err = s.Articles.Change(ctx, p.HostSite, p.HostArticleID, func(a *articles.Article) error {
		if a.Status != articles.StatusFinished || a.PublishedURL == nil || HasLink(a.BodyMarkdown, p.TargetURL) {
			return errNotPlaceable
		}
		body, used := InsertLink(a.BodyMarkdown, p.TargetURL, p.Anchors, p.AnchorIndex)
		anchor = used
		s.SetBody(a, body, site)
		return nil
	}, func(tx *dynamo.Tx, _, after articles.Article) error {
		at := clock.Format(now)
		placed := p
		placed.Status, placed.PlacedAt, placed.AnchorUsed, placed.HostURL = StatusPlaced, &at, anchor, *after.PublishedURL
		expires := clock.Format(now.Add(LiveWithin))
		placed.ExpiresAt = &expires
		placed.due(now.Add(FirstCheckAfter))
		if err := putPlacement(tx, placed, p.Status, p.Misses); err != nil {
			return err
		}
		if err := s.countLive(ctx, tx, p, 0, &at); err != nil {
			return err
		}
		s.articleUpdated(tx, p, who, after, fmt.Sprintf("Link to %s added for the backlink exchange", p.TargetURL))
		return nil
	})
	return err
}

// reschedule moves p's next step to at, nothing else changing.
func (s *Service) reschedule(ctx context.Context, p placementItem, at time.Time) error {
	next := p
	next.due(at)
	return s.commitWith(ctx, func(tx *dynamo.Tx) error { return putPlacement(tx, next, p.Status, p.Misses) })
}

// check fetches the host's live page (the host article's live URL now:
// see hostURL) and looks for the link. Found: a
// placed link settles (live); a live one is checked again after
// LiveRecheck. Missing (or the page unreachable): a placed link is checked
// again after PlacedRecheck until it expires (not_live) at expires_at; a
// live one after MissRecheck, and is lost (link_missing) on the
// MissesToLose-th miss in a row.
func (s *Service) check(ctx context.Context, p placementItem) error {
	page, err := s.hostURL(ctx, p)
	if err != nil {
		return err
	}
	p.HostURL = page
	found := s.linkLive(ctx, p)
	now := s.Clock.Now()
	at := clock.Format(now)
	if found {
		if p.Status == StatusPlaced {
			return s.settle(ctx, p, now)
		}
		next := p
		next.LastCheckedAt, next.Misses = &at, 0
		next.due(now.Add(LiveRecheck))
		return s.commitWith(ctx, func(tx *dynamo.Tx) error { return putPlacement(tx, next, p.Status, p.Misses) })
	}
	misses := p.Misses + 1
	if p.Status == StatusPlaced {
		if exp, err := clock.Parse(deref(p.ExpiresAt)); err != nil || !now.Before(exp) {
			_, err := s.end(ctx, p, ending{status: StatusExpired, reason: ReasonNotLive, checkedAt: &at})
			return err
		}
	} else if misses >= MissesToLose {
		_, err := s.end(ctx, p, ending{status: StatusLost, reason: ReasonLinkMissing, checkedAt: &at})
		return err
	}
	next := p
	next.LastCheckedAt, next.Misses = &at, misses
	next.due(now.Add(MissRecheck))
	if p.Status == StatusPlaced {
		next.due(byDeadline(now.Add(PlacedRecheck), p.ExpiresAt))
	}
	return s.commitWith(ctx, func(tx *dynamo.Tx) error { return putPlacement(tx, next, p.Status, p.Misses) })
}

// hostURL returns the address a link check of p fetches: the host
// article's live URL now, so a link whose article the owner recorded at a
// new address is checked there (and host_url follows), or host_url as
// placed when the article is gone or has none.
func (s *Service) hostURL(ctx context.Context, p placementItem) (string, error) {
	a, err := s.Articles.Get(ctx, p.HostSite, p.HostArticleID)
	if errors.Is(err, articles.ErrNotFound) {
		return p.HostURL, nil
	}
	if err != nil {
		return "", err
	}
	if a.PublishedURL == nil || *a.PublishedURL == "" {
		return p.HostURL, nil
	}
	return *a.PublishedURL, nil
}

// byDeadline returns at, or the deadline expires when that comes first:
// a placement's last try or check falls on its deadline, so it expires on
// time rather than at the next regular step.
func byDeadline(at time.Time, expires *string) time.Time {
	if exp, err := clock.Parse(deref(expires)); err == nil && exp.Before(at) {
		return exp
	}
	return at
}

// linkLive reports whether the host's live page links the target now.
func (s *Service) linkLive(ctx context.Context, p placementItem) bool {
	resp, err := s.Web.Do(ctx, egress.Request{URL: p.HostURL, FollowRedirects: true})
	if err != nil || resp.StatusCode < 200 || resp.StatusCode > 299 {
		return false
	}
	return LinksTo(resp.Body, resp.URL, p.TargetURL)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
