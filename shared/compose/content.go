package compose

import (
	"context"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/autopilot"
	"rvcontent/shared/feature/backlinks"
	"rvcontent/shared/feature/forum"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/feature/liveurls"
	"rvcontent/shared/feature/publish"
	"rvcontent/shared/feature/rank"
	"rvcontent/shared/feature/research"
	"rvcontent/shared/feature/sitekeys"
	"rvcontent/shared/feature/writing"
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
func Model(g *Graph) model.Model {
	if g.Deps.Model != nil {
		return g.Deps.Model
	}
	return model.Offline{}
}

// ArticleStore stores articles.
func ArticleStore(g *Graph) *articles.Store {
	return once(g, kArticleStore{}, func() *articles.Store { return &articles.Store{Table: Table(g), Clock: g.Clock} })
}

// Articles creates, changes and deletes articles.
func Articles(g *Graph) *articles.Service {
	return once(g, kArticles{}, func() *articles.Service {
		return &articles.Service{Store: ArticleStore(g), Sites: Sites(g), Events: Events(g), Clock: g.Clock}
	})
}

// KeywordStore stores keywords.
func KeywordStore(g *Graph) *keywords.Store {
	return once(g, kKeywordStore{}, func() *keywords.Store { return &keywords.Store{Table: Table(g)} })
}

// Keywords adds, lists and deletes keywords.
func Keywords(g *Graph) *keywords.Service {
	return once(g, kKeywords{}, func() *keywords.Service {
		return &keywords.Service{Table: Table(g), Clock: g.Clock, Sites: Sites(g), Store: KeywordStore(g)}
	})
}

// Research starts research runs (the daily no-plan limit asks billing).
func Research(g *Graph) *research.Service {
	return once(g, kResearch{}, func() *research.Service {
		return &research.Service{
			Table: Table(g), Clock: g.Clock, Sites: Sites(g), Jobs: Enqueuer(g), Counters: Counters(g), AI: AI(g),
			PlanActive: Billing(g).PlanActive,
		}
	})
}

// Plans saves research results and scans' plans as keywords and articles.
func Plans(g *Graph) *research.Plans {
	return once(g, kPlans{}, func() *research.Plans {
		return &research.Plans{Table: Table(g), Clock: g.Clock, Keywords: KeywordStore(g), Articles: ArticleStore(g), Events: Events(g)}
	})
}

// Rank measures keyword coverage.
func Rank(g *Graph) *rank.Service {
	return once(g, kRank{}, func() *rank.Service {
		return &rank.Service{Sites: Sites(g), Keywords: KeywordStore(g), Articles: ArticleStore(g)}
	})
}

// Writing starts, runs and cleans up generations, and rewrites passages.
func Writing(g *Graph) *writing.Service {
	return once(g, kWriting{}, func() *writing.Service {
		return &writing.Service{
			Table: Table(g), Clock: g.Clock, Articles: ArticleStore(g), Sites: Sites(g), Scans: ScanStore(g),
			Credits: Credits(g), Jobs: Enqueuer(g), JobStore: JobStore(g), Events: Events(g), Writer: Model(g), AI: AI(g),
		}
	})
}

// Publish pushes finished articles to integrations and records live URLs.
func Publish(g *Graph) *publish.Service {
	return once(g, kPublish{}, func() *publish.Service {
		return &publish.Service{
			Table: Table(g), Clock: g.Clock, Articles: ArticleStore(g), Sites: Sites(g), Events: Events(g),
			Pusher: Integrations(g), Verified: VerifiedDomains(g),
		}
	})
}

// Recorder records where articles went live (the public API's PATCH).
func Recorder(g *Graph) *liveurls.Recorder {
	return once(g, kRecorder{}, func() *liveurls.Recorder {
		return &liveurls.Recorder{Articles: ArticleStore(g), Events: Events(g), Clock: g.Clock, Verified: VerifiedDomains(g)}
	})
}

// Autopilot writes scheduled articles by itself at each site's pace.
func Autopilot(g *Graph) *autopilot.Service {
	return once(g, kAutopilot{}, func() *autopilot.Service {
		return &autopilot.Service{Table: Table(g), Clock: g.Clock, Sites: Sites(g), Articles: ArticleStore(g), Gate: Gate(g), Events: Events(g), Writer: Writing(g)}
	})
}

// SiteKeys manages the public API's site keys.
func SiteKeys(g *Graph) *sitekeys.Service {
	return once(g, kSiteKeys{}, func() *sitekeys.Service { return &sitekeys.Service{Table: Table(g), Clock: g.Clock, Sites: Sites(g)} })
}

// Integrations connects sites to the push platforms and pushes articles.
func Integrations(g *Graph) *integrations.Service {
	return once(g, kIntegrations{}, func() *integrations.Service {
		return &integrations.Service{
			Table: Table(g), Clock: g.Clock, Events: Events(g), Sites: Sites(g), Articles: ArticleStore(g),
			Plans: Billing(g), Jobs: Enqueuer(g), Sealer: integrations.NewSealer(g.Secret), BaseURL: g.Config.BaseURL,
			Platforms: platforms(g),
		}
	})
}

// IntegrationConnect is the connect page's part of integrations: finishing
// a connection checks the owner's entries with the platform, stores them
// and records integration.connected. It reads no articles and starts no
// jobs (Pending and FinishConnect use neither), so the pages function
// needs no jobs queue for it.
func IntegrationConnect(g *Graph) *integrations.Service {
	return once(g, kIntegrationConnect{}, func() *integrations.Service {
		return &integrations.Service{
			Table: Table(g), Clock: g.Clock, Events: Events(g), Sites: Sites(g), Plans: Billing(g),
			Sealer: integrations.NewSealer(g.Secret), BaseURL: g.Config.BaseURL, Platforms: platforms(g),
		}
	})
}

// platforms are the push platforms' clients.
func platforms(g *Graph) map[string]integrations.Platform {
	web := Egress(g)
	return map[string]integrations.Platform{
		integrations.Platform1: pushapi.NewPlatform1(web),
		integrations.Platform2: pushapi.NewPlatform2(web),
	}
}

// Backlinks runs the backlink exchange.
func Backlinks(g *Graph) *backlinks.Service {
	return once(g, kBacklinks{}, func() *backlinks.Service {
		return &backlinks.Service{
			Table: Table(g), Clock: g.Clock, Sites: Sites(g), Articles: ArticleStore(g), Credits: Credits(g),
			Events: Events(g), Web: Egress(g), AI: AI(g), Member: exchangeMember(g),
		}
	})
}

// VerifiedDomains tells a site's verified backlink domain, where live URLs
// may also point.
func VerifiedDomains(g *Graph) liveurls.VerifiedDomains {
	return backlinks.Domains{Table: Table(g)}
}

// Forum runs forum presence. The platform is the Deps' forum (the dev
// stack's fixture) or the forum's public API; drafts come from the model.
func Forum(g *Graph) *forum.Service {
	return once(g, kForum{}, func() *forum.Service {
		platform := g.ForumPlatform
		if platform == nil {
			platform = forumapi.New(Egress(g), g.Config.ForumAPIBase, g.Clock)
		}
		return &forum.Service{
			Table: Table(g), Clock: g.Clock, Sites: Sites(g), Scans: ScanStore(g), Billing: Billing(g), Credits: Credits(g),
			Events: Events(g), Jobs: Enqueuer(g), AI: AI(g), Platform: platform, Drafter: Model(g),
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
