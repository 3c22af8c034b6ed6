// Package contentbase composes the content side's parts and groups that
// render no Markdown: the articles' and keywords' stores, site keys, where
// live URLs go, the push platforms' clients for the connect page, the
// language model and forum presence, with the public articles API's and
// forum presence's groups (PublicHTTP, ForumHTTP). Package contentfns
// builds on it with the parts that change article text (they render and
// score Markdown); the public, forum and pages functions link only this
// side (test/rings keeps it so).
package contentbase

import (
	"context"

	"rvcontent/shared/compose"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/backlinks"
	"rvcontent/shared/feature/forum"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/feature/liveurls"
	"rvcontent/shared/feature/sitekeys"
	"rvcontent/shared/platform/forumapi"
	"rvcontent/shared/platform/model"
	"rvcontent/shared/platform/pushapi"
)

// The parts composed here.
type (
	kArticleStore       struct{}
	kKeywordStore       struct{}
	kRecorder           struct{}
	kSiteKeys           struct{}
	kIntegrationConnect struct{}
	kForum              struct{}
	kPublicAPI          struct{}
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

// KeywordStore stores keywords.
func KeywordStore(g *compose.Graph) *keywords.Store {
	return compose.Once(g, kKeywordStore{}, func() *keywords.Store { return &keywords.Store{Table: compose.Table(g)} })
}

// Recorder records where articles went live (the public API's PATCH).
func Recorder(g *compose.Graph) *liveurls.Recorder {
	return compose.Once(g, kRecorder{}, func() *liveurls.Recorder {
		return &liveurls.Recorder{Articles: ArticleStore(g), Events: compose.Events(g), Clock: g.Clock, Verified: VerifiedDomains(g)}
	})
}

// SiteKeys manages the public API's site keys.
func SiteKeys(g *compose.Graph) *sitekeys.Service {
	return compose.Once(g, kSiteKeys{}, func() *sitekeys.Service {
		return &sitekeys.Service{Table: compose.Table(g), Clock: g.Clock, Sites: compose.Sites(g)}
	})
}

// IntegrationConnect is the connect page's part of integrations: finishing
// a connection checks the account's trial or plan and the site (the Gate),
// then the owner's entries with the platform, stores them and records
// integration.connected. It reads no articles and starts no jobs (Pending
// and FinishConnect use neither), so the pages function needs no jobs
// queue for it.
func IntegrationConnect(g *compose.Graph) *integrations.Service {
	return compose.Once(g, kIntegrationConnect{}, func() *integrations.Service {
		return &integrations.Service{
			Table: compose.Table(g), Clock: g.Clock, Events: compose.Events(g), Sites: compose.Sites(g), Plans: compose.Billing(g), Gate: compose.Gate(g),
			Sealer: integrations.NewSealer(g.Secret), BaseURL: g.Config.BaseURL, Platforms: Platforms(g),
		}
	})
}

// Platforms are the push platforms' clients.
func Platforms(g *compose.Graph) map[string]integrations.Platform {
	web := compose.Egress(g)
	return map[string]integrations.Platform{
		integrations.Platform1: pushapi.NewPlatform1(web),
		integrations.Platform2: pushapi.NewPlatform2(web),
	}
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
