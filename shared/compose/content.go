package compose

import (
	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/feature/articles"
)

// wireContent wires research, keywords, rank and articles.
func (a *App) wireContent() {
	a.ArticleStore = &articles.Store{Table: a.Table, Clock: a.Clock}
	a.Articles = &articles.Service{Store: a.ArticleStore, Sites: a.Sites, Events: a.Events, Clock: a.Clock}
	a.register((&agentapi.Articles{Articles: a.Articles}).Handlers())
	a.wireResearch()
	a.wireWriting()
}
