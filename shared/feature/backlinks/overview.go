package backlinks

import (
	"context"
	"time"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/par"
)

// Overview is a site's exchange overview (spec 2 Backlink overview).
type Overview struct {
	SiteID             string      `json:"site_id"`
	Paid               bool        `json:"paid"`
	Domain             *string     `json:"domain"`
	Status             *string     `json:"status"`
	VerifiedAt         *string     `json:"verified_at"`
	OptedIn            bool        `json:"opted_in"`
	AuthorityScore     int         `json:"authority_score"`
	Tier               int         `json:"tier"`
	Reputation         int         `json:"reputation"`
	Niche              *string     `json:"niche"`
	TopicTags          []string    `json:"topic_tags"`
	BlockedCategories  []string    `json:"blocked_categories"`
	MaxLinksPerArticle int         `json:"max_links_per_article"`
	Credits            CreditsView `json:"credits"`
	Counts             Counts      `json:"counts"`
	// Verification is the domain's proof methods with their exact values
	// and the last check's results; null before a domain is set. Beyond
	// the spec's overview: the owner's dashboard shows it.
	Verification *Verification `json:"verification"`
}

// CreditsView is the overview's backlink credits: the balance to spend,
// credits held for placements not live yet, and the totals settled.
type CreditsView struct {
	Balance        int `json:"balance"`
	Escrowed       int `json:"escrowed"`
	LifetimeEarned int `json:"lifetime_earned"`
	LifetimeSpent  int `json:"lifetime_spent"`
}

// Counts are the overview's link counts; InProgress counts placements of
// either direction that are reserved or placed.
type Counts struct {
	LiveInbound int `json:"live_inbound"`
	LiveHosted  int `json:"live_hosted"`
	InProgress  int `json:"in_progress"`
}

// Overview returns the caller's site's exchange overview. Errors:
// not_found for a site that is not the caller's. Everything it shows is
// read at once, beside the site.
func (s *Service) Overview(ctx context.Context, siteID string) (Overview, error) {
	p, _ := auth.From(ctx)
	var set settingsItem
	var f facts
	_, _, err := s.site(ctx, siteID, func(ctx context.Context) (err error) {
		set, err = s.loadSettings(ctx, p.AccountID, siteID)
		return err
	}, func(ctx context.Context) (err error) {
		f, err = s.facts(ctx, p.AccountID, siteID)
		return err
	})
	if err != nil {
		return Overview{}, err
	}
	return s.view(set, f), nil
}

// overview builds the overview of a site from its settings as stored.
func (s *Service) overview(ctx context.Context, set settingsItem) (Overview, error) {
	f, err := s.facts(ctx, set.AccountID, set.SiteID)
	if err != nil {
		return Overview{}, err
	}
	return s.view(set, f), nil
}

// facts are what an overview shows besides the settings.
type facts struct {
	stats     statsItem
	balance   credits.Credits
	paid      bool
	published int
}

// facts reads a site's counters, credits, membership and published
// articles (counted up to what the score uses), at once.
func (s *Service) facts(ctx context.Context, accountID, siteID string) (f facts, err error) {
	err = par.Do(ctx, func(ctx context.Context) (err error) {
		f.stats, err = s.loadStats(ctx, accountID, siteID)
		return err
	}, func(ctx context.Context) (err error) {
		f.balance, err = s.Credits.Get(ctx, accountID, siteID)
		return err
	}, func(ctx context.Context) (err error) {
		if f.paid, err = s.Member(ctx, accountID, siteID); err != nil {
			return apperr.Wrap("backlinks.Overview", err)
		}
		return nil
	}, func(ctx context.Context) (err error) {
		f.published, err = s.Articles.CountPublished(ctx, siteID, PublishedCounted)
		return err
	})
	return f, err
}

// view is the overview of a site with settings set and facts f.
func (s *Service) view(set settingsItem, f facts) Overview {
	st := f.stats
	sig := signals(set, st, f.published, s.Clock.Now())
	authority := Authority(sig)
	var proof *Verification
	if set.Domain != nil {
		v := set.verification(set.Checks)
		proof = &v
	}
	return Overview{
		Verification: proof,
		SiteID:       set.SiteID, Paid: f.paid, Domain: set.Domain, Status: set.DomainStatus, VerifiedAt: set.VerifiedAt,
		OptedIn: set.OptedIn, AuthorityScore: authority, Tier: Tier(authority), Reputation: Reputation(sig),
		Niche: set.Niche, TopicTags: set.TopicTags, BlockedCategories: set.Blocked, MaxLinksPerArticle: set.MaxLinks,
		Credits: CreditsView{
			Balance: f.balance.BacklinkCredits.Balance, Escrowed: st.Escrowed,
			LifetimeEarned: st.LifetimeEarned, LifetimeSpent: st.LifetimeSpent,
		},
		Counts: Counts{LiveInbound: st.LiveInbound, LiveHosted: st.LiveHosted, InProgress: st.InProgress},
	}
}

// signals gathers a site's scoring signals at now.
func signals(set settingsItem, st statsItem, published int, now time.Time) Signals {
	sig := Signals{
		Verified: set.proven(), Published: published, LiveHosted: st.LiveHosted, LiveInbound: st.LiveInbound,
		LostHosted: st.LostHosted, ClawedHosted: st.ClawedHosted,
	}
	if sig.Verified && set.VerifiedAt != nil {
		if t, err := clock.Parse(*set.VerifiedAt); err == nil && now.After(t) {
			sig.VerifiedFor = now.Sub(t)
		}
	}
	return sig
}

// published returns the site's finished articles that have a live URL,
// without bodies: the articles that can host links.
func (s *Service) published(ctx context.Context, siteID string) ([]articles.Article, error) {
	all, err := s.Articles.All(ctx, siteID)
	if err != nil {
		return nil, err
	}
	var out []articles.Article
	for _, a := range all {
		if a.Status == articles.StatusFinished && a.PublishedURL != nil && *a.PublishedURL != "" {
			out = append(out, a)
		}
	}
	return out, nil
}

// creditKind is the credit kind the exchange spends and earns.
const creditKind = credits.BacklinkCredits
