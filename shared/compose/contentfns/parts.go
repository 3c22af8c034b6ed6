// Package contentfns composes the content side: articles, keywords and
// research, writing, publishing and its integrations, site keys, the
// backlink exchange, forum presence and the public articles API, with the
// groups (ContentHTTP, BacklinksHTTP, ForumHTTP, PublicHTTP) and the
// scheduler built from them. Its parts render and score Markdown, so only
// the functions that serve them import this package; the jobs worker and
// the owner's pages take its parts too. The other groups are composed in
// compose itself and link none of it (test/rings keeps it so).
package contentfns

import (
	"context"

	"rvcontent/shared/compose"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/autopilot"
	"rvcontent/shared/feature/backlinks"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/forum"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/feature/liveurls"
	"rvcontent/shared/feature/publish"
	"rvcontent/shared/feature/rank"
	"rvcontent/shared/feature/research"
	"rvcontent/shared/feature/sitekeys"
	"rvcontent/shared/feature/writing"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/forumapi"
	"rvcontent/shared/platform/model"
	"rvcontent/shared/platform/pushapi"
)

// The content parts: articles, keywords and research, writing, publishing
// and its integrations, site keys, the backlink exchange and forum
// presence.
type (
	kArticleStore       struct{}
	kArticles           struct{}
	kKeywordStore       struct{}
	kKeywords           struct{}
	kResearch           struct{}
	kPlans              struct{}
	kRank               struct{}
	kWriting            struct{}
	kPublish            struct{}
	kRecorder           struct{}
	kAutopilot          struct{}
	kSiteKeys           struct{}
	kIntegrations       struct{}
	kIntegrationConnect struct{}
	kBacklinks          struct{}
	kForum              struct{}
)

// Model is the language model: the Deps' one, else the offline model.
func Model(g *compose.Graph) model.Model {
	if g.Deps.Model != nil {
		return g.Deps.Model
	}
	return model.Offline{}
}

// ArticleStore stores articles.
func ArticleStore(g *compose.Graph) *articles.Store {
	return compose.Once(g, kArticleStore{}, func() *articles.Store { return &articles.Store{Table: compose.Table(g), Clock: g.Clock} })
}

// Articles creates, changes and deletes articles.
func Articles(g *compose.Graph) *articles.Service {
	return compose.Once(g, kArticles{}, func() *articles.Service {
		return &articles.Service{Store: ArticleStore(g), Sites: compose.Sites(g), Events: compose.Events(g), Clock: g.Clock}
	})
}

// KeywordStore stores keywords.
func KeywordStore(g *compose.Graph) *keywords.Store {
	return compose.Once(g, kKeywordStore{}, func() *keywords.Store { return &keywords.Store{Table: compose.Table(g)} })
}

// Keywords adds, lists and deletes keywords.
func Keywords(g *compose.Graph) *keywords.Service {
	return compose.Once(g, kKeywords{}, func() *keywords.Service {
		return &keywords.Service{Table: compose.Table(g), Clock: g.Clock, Sites: compose.Sites(g), Store: KeywordStore(g)}
	})
}

// Research starts research runs (the daily no-plan limit asks billing).
func Research(g *compose.Graph) *research.Service {
	return compose.Once(g, kResearch{}, func() *research.Service {
		return &research.Service{
			Table: compose.Table(g), Clock: g.Clock, Sites: compose.Sites(g), Jobs: compose.Enqueuer(g), Counters: compose.Counters(g), AI: compose.AI(g),
			PlanActive: compose.Billing(g).PlanActive,
		}
	})
}

// Plans saves research results and scans' plans as keywords and articles.
func Plans(g *compose.Graph) *research.Plans {
	return compose.Once(g, kPlans{}, func() *research.Plans {
		return &research.Plans{Table: compose.Table(g), Clock: g.Clock, Keywords: KeywordStore(g), Articles: ArticleStore(g), Events: compose.Events(g)}
	})
}

// Rank measures keyword coverage.
func Rank(g *compose.Graph) *rank.Service {
	return compose.Once(g, kRank{}, func() *rank.Service {
		return &rank.Service{Sites: compose.Sites(g), Keywords: KeywordStore(g), Articles: ArticleStore(g)}
	})
}

// Writing starts, runs and cleans up generations, and rewrites passages.
func Writing(g *compose.Graph) *writing.Service {
	return compose.Once(g, kWriting{}, func() *writing.Service {
		return &writing.Service{
			Table: compose.Table(g), Clock: g.Clock, Articles: ArticleStore(g), Sites: compose.Sites(g), Scans: compose.ScanStore(g),
			Credits: compose.Credits(g), Jobs: compose.Enqueuer(g), JobStore: compose.JobStore(g), Events: compose.Events(g), Writer: Model(g), AI: compose.AI(g),
		}
	})
}

// Publish pushes finished articles to integrations and records live URLs.
func Publish(g *compose.Graph) *publish.Service {
	return compose.Once(g, kPublish{}, func() *publish.Service {
		return &publish.Service{
			Table: compose.Table(g), Clock: g.Clock, Articles: ArticleStore(g), Sites: compose.Sites(g), Events: compose.Events(g),
			Pusher: Integrations(g), Verified: VerifiedDomains(g),
		}
	})
}

// Recorder records where articles went live (the public API's PATCH).
func Recorder(g *compose.Graph) *liveurls.Recorder {
	return compose.Once(g, kRecorder{}, func() *liveurls.Recorder {
		return &liveurls.Recorder{Articles: ArticleStore(g), Events: compose.Events(g), Clock: g.Clock, Verified: VerifiedDomains(g)}
	})
}

// Autopilot writes scheduled articles by itself at each site's pace.
func Autopilot(g *compose.Graph) *autopilot.Service {
	return compose.Once(g, kAutopilot{}, func() *autopilot.Service {
		return &autopilot.Service{Table: compose.Table(g), Clock: g.Clock, Sites: compose.Sites(g), Articles: ArticleStore(g), Gate: compose.Gate(g), Events: compose.Events(g), Writer: Writing(g)}
	})
}

// SiteKeys manages the public API's site keys.
func SiteKeys(g *compose.Graph) *sitekeys.Service {
	return compose.Once(g, kSiteKeys{}, func() *sitekeys.Service {
		return &sitekeys.Service{Table: compose.Table(g), Clock: g.Clock, Sites: compose.Sites(g)}
	})
}

// Integrations connects sites to the push platforms and pushes articles.
func Integrations(g *compose.Graph) *integrations.Service {
	return compose.Once(g, kIntegrations{}, func() *integrations.Service {
		return &integrations.Service{
			Table: compose.Table(g), Clock: g.Clock, Events: compose.Events(g), Sites: compose.Sites(g), Articles: ArticleStore(g),
			Plans: compose.Billing(g), Gate: compose.Gate(g), Jobs: compose.Enqueuer(g), Sealer: integrations.NewSealer(g.Secret), BaseURL: g.Config.BaseURL,
			Platforms: platforms(g),
		}
	})
}

// IntegrationConnect is the connect page's part of integrations: finishing
// a connection checks the owner's entries with the platform, stores them
// and records integration.connected. It reads no articles and starts no
// jobs (Pending and FinishConnect use neither), so the pages function
// needs no jobs queue for it.
func IntegrationConnect(g *compose.Graph) *integrations.Service {
	return compose.Once(g, kIntegrationConnect{}, func() *integrations.Service {
		return &integrations.Service{
			Table: compose.Table(g), Clock: g.Clock, Events: compose.Events(g), Sites: compose.Sites(g), Plans: compose.Billing(g),
			Sealer: integrations.NewSealer(g.Secret), BaseURL: g.Config.BaseURL, Platforms: platforms(g),
		}
	})
}

// platforms are the push platforms' clients.
func platforms(g *compose.Graph) map[string]integrations.Platform {
	web := compose.Egress(g)
	return map[string]integrations.Platform{
		integrations.Platform1: pushapi.NewPlatform1(web),
		integrations.Platform2: pushapi.NewPlatform2(web),
	}
}

// Backlinks runs the backlink exchange.
func Backlinks(g *compose.Graph) *backlinks.Service {
	return compose.Once(g, kBacklinks{}, func() *backlinks.Service {
		return &backlinks.Service{
			Table: compose.Table(g), Clock: g.Clock, Sites: compose.Sites(g), Articles: ArticleStore(g), Credits: compose.Credits(g),
			Events: compose.Events(g), Web: compose.Egress(g), AI: compose.AI(g), Member: exchangeMember(g),
		}
	})
}

// VerifiedDomains tells a site's verified backlink domain, where live URLs
// may also point.
func VerifiedDomains(g *compose.Graph) liveurls.VerifiedDomains {
	return backlinks.Domains{Table: compose.Table(g)}
}

// Forum runs forum presence. The platform is the Deps' forum (the dev
// stack's fixture) or the forum's public API; drafts come from the model.
func Forum(g *compose.Graph) *forum.Service {
	return compose.Once(g, kForum{}, func() *forum.Service {
		platform := g.ForumPlatform
		if platform == nil {
			platform = forumapi.New(compose.Egress(g), g.Config.ForumAPIBase, g.Clock)
		}
		return &forum.Service{
			Table: compose.Table(g), Clock: g.Clock, Sites: compose.Sites(g), Scans: compose.ScanStore(g), Billing: compose.Billing(g), Credits: compose.Credits(g),
			Events: compose.Events(g), Jobs: compose.Enqueuer(g), AI: compose.AI(g), Platform: platform, Drafter: Model(g),
			Keywords: siteKeywords{KeywordStore(g)},
		}
	})
}

// siteKeywords gives sweeps the site's tracked keywords, most searched
// first.
type siteKeywords struct{ store *keywords.Store }

// SiteKeywords returns the names of the site's keywords.
func (k siteKeywords) SiteKeywords(ctx context.Context, _, siteID string) ([]string, error) {
	list, err := k.store.All(ctx, siteID)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(list))
	for i, kw := range list {
		names[i] = kw.Name
	}
	return names, nil
}

// exchangeMember reports whether a site takes part in the backlink exchange
// now: the account is on the paid plan and the site is usable.
func exchangeMember(g *compose.Graph) func(ctx context.Context, accountID, siteID string) (bool, error) {
	gate := compose.Gate(g)
	return func(ctx context.Context, accountID, siteID string) (bool, error) {
		err := gate.Check(ctx, accountID, siteID, billing.NeedPaidPlan)
		switch apperr.CodeOf(err) {
		case "":
			return true, nil
		case apperr.PaidPlanRequired, apperr.SubscriptionRequired, apperr.NotFound:
			return false, nil
		}
		return false, err
	}
}
