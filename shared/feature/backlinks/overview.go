package backlinks

import (
	"context"
	"time"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
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
// not_found for a site that is not the caller's.
func (s *Service) Overview(ctx context.Context, siteID string) (Overview, error) {
	p, _, err := s.site(ctx, siteID)
	if err != nil {
		return Overview{}, err
	}
	set, err := s.loadSettings(ctx, p.AccountID, siteID)
	if err != nil {
		return Overview{}, err
	}
	return s.overview(ctx, set)
}

// overview builds the overview of a site from its settings as stored.
func (s *Service) overview(ctx context.Context, set settingsItem) (Overview, error) {
	st, err := s.loadStats(ctx, set.AccountID, set.SiteID)
	if err != nil {
		return Overview{}, err
	}
	bal, err := s.Credits.Get(ctx, set.AccountID, set.SiteID)
	if err != nil {
		return Overview{}, err
	}
	paid, err := s.Member(ctx, set.AccountID, set.SiteID)
	if err != nil {
		return Overview{}, apperr.Wrap("backlinks.Overview", err)
	}
	published, err := s.published(ctx, set.SiteID)
	if err != nil {
		return Overview{}, err
	}
	sig := signals(set, st, len(published), s.Clock.Now())
	authority := Authority(sig)
	var proof *Verification
	if set.Domain != nil {
		v := set.verification(set.Checks)
		proof = &v
	}
	return Overview{
		Verification: proof,
		SiteID:       set.SiteID, Paid: paid, Domain: set.Domain, Status: set.DomainStatus, VerifiedAt: set.VerifiedAt,
		OptedIn: set.OptedIn, AuthorityScore: authority, Tier: Tier(authority), Reputation: Reputation(sig),
		Niche: set.Niche, TopicTags: set.TopicTags, BlockedCategories: set.Blocked, MaxLinksPerArticle: set.MaxLinks,
		Credits: CreditsView{
			Balance: bal.BacklinkCredits.Balance, Escrowed: st.Escrowed,
			LifetimeEarned: st.LifetimeEarned, LifetimeSpent: st.LifetimeSpent,
		},
		Counts: Counts{LiveInbound: st.LiveInbound, LiveHosted: st.LiveHosted, InProgress: st.InProgress},
	}, nil
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
