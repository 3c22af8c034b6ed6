// Package contentfns composes the content side's parts that change article
// text: articles, keywords and research, writing, publishing and its
// integrations and autopilot, with the content group (ContentHTTP) and the
// scheduler built from them. Its parts render and score Markdown, so only
// the functions that serve them import this package (content, the jobs
// worker and the scheduler). The backlink exchange, which changes host
// articles' text too, is in backlinksfn; the parts that read articles
// without changing their text, with the public API's and forum presence's
// groups, are in contentbase; the other groups are composed in compose
// itself (test/rings keeps each function to its side).
package contentfns

import (
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/contentbase"
	"rvcontent/shared/feature/articles/editing"
	"rvcontent/shared/feature/autopilot"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/feature/publish"
	"rvcontent/shared/feature/rank"
	"rvcontent/shared/feature/research"
	"rvcontent/shared/feature/writing"
)

// The parts composed here.
type (
	kArticles     struct{}
	kKeywords     struct{}
	kResearch     struct{}
	kPlans        struct{}
	kRank         struct{}
	kWriting      struct{}
	kPublish      struct{}
	kAutopilot    struct{}
	kIntegrations struct{}
)

// Articles creates, changes and deletes articles.
func Articles(g *compose.Graph) *editing.Service {
	return compose.Once(g, kArticles{}, func() *editing.Service {
		return &editing.Service{Store: contentbase.ArticleStore(g), Sites: compose.Sites(g), Events: compose.Events(g), Clock: g.Clock}
	})
}

// Keywords adds, lists and deletes keywords.
func Keywords(g *compose.Graph) *keywords.Service {
	return compose.Once(g, kKeywords{}, func() *keywords.Service {
		return &keywords.Service{Table: compose.Table(g), Clock: g.Clock, Sites: compose.Sites(g), Store: contentbase.KeywordStore(g)}
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
		return &research.Plans{Table: compose.Table(g), Clock: g.Clock, Keywords: contentbase.KeywordStore(g), Articles: contentbase.ArticleStore(g), Events: compose.Events(g)}
	})
}

// Rank measures keyword coverage.
func Rank(g *compose.Graph) *rank.Service {
	return compose.Once(g, kRank{}, func() *rank.Service {
		return &rank.Service{Sites: compose.Sites(g), Keywords: contentbase.KeywordStore(g), Articles: contentbase.ArticleStore(g)}
	})
}

// Writing starts, runs and cleans up generations, and rewrites passages.
func Writing(g *compose.Graph) *writing.Service {
	return compose.Once(g, kWriting{}, func() *writing.Service {
		return &writing.Service{
			Table: compose.Table(g), Clock: g.Clock, Articles: contentbase.ArticleStore(g), Sites: compose.Sites(g), Scans: compose.ScanStore(g),
			Credits: compose.Credits(g), Jobs: compose.Enqueuer(g), JobStore: compose.JobStore(g), Events: compose.Events(g), Writer: contentbase.Model(g), AI: compose.AI(g),
		}
	})
}

// Publish pushes finished articles to integrations and records live URLs.
func Publish(g *compose.Graph) *publish.Service {
	return compose.Once(g, kPublish{}, func() *publish.Service {
		return &publish.Service{
			Table: compose.Table(g), Clock: g.Clock, Articles: contentbase.ArticleStore(g), Sites: compose.Sites(g), Events: compose.Events(g),
			Pusher: Integrations(g), Verified: contentbase.VerifiedDomains(g),
		}
	})
}

// Autopilot writes scheduled articles by itself at each site's pace.
func Autopilot(g *compose.Graph) *autopilot.Service {
	return compose.Once(g, kAutopilot{}, func() *autopilot.Service {
		return &autopilot.Service{Table: compose.Table(g), Clock: g.Clock, Sites: compose.Sites(g), Articles: contentbase.ArticleStore(g), Gate: compose.Gate(g), Events: compose.Events(g), Writer: Writing(g)}
	})
}

// Integrations connects sites to the push platforms and pushes articles.
func Integrations(g *compose.Graph) *integrations.Service {
	return compose.Once(g, kIntegrations{}, func() *integrations.Service {
		return &integrations.Service{
			Table: compose.Table(g), Clock: g.Clock, Events: compose.Events(g), Sites: compose.Sites(g), Articles: contentbase.ArticleStore(g),
			Plans: compose.Billing(g), Gate: compose.Gate(g), Jobs: compose.Enqueuer(g), Sealer: integrations.NewSealer(g.Secret), BaseURL: g.Config.BaseURL,
			Platforms: contentbase.Platforms(g),
		}
	})
}
