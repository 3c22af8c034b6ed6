package faults

import (
	"context"

	"rvcontent/shared/platform/model"
)

// Model is the language model with two failure points: ArticleGeneration
// fails WriteArticle and ForumDraft fails DraftReply, each before the model
// is asked.
type Model struct {
	model.Model
	Faults *Injector
}

// WriteArticle fails when ArticleGeneration is armed, else writes.
func (m Model) WriteArticle(ctx context.Context, b model.ArticleBrief) (model.ArticleDraft, error) {
	if err := m.Faults.Fail(ArticleGeneration); err != nil {
		return model.ArticleDraft{}, err
	}
	return m.Model.WriteArticle(ctx, b)
}

// DraftReply fails when ForumDraft is armed, else drafts.
func (m Model) DraftReply(ctx context.Context, in model.ReplyInput) (model.ReplyDraft, error) {
	if err := m.Faults.Fail(ForumDraft); err != nil {
		return model.ReplyDraft{}, err
	}
	return m.Model.DraftReply(ctx, in)
}
