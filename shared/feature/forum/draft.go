package forum

import (
	"context"
	"errors"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// Draft is a reply draft as the API shows it (spec 2 Forum draft). A
// thread has at most one; rewrites change it in place.
type Draft struct {
	ID           string     `json:"id" dynamodbav:"id"`
	ThreadID     string     `json:"thread_id" dynamodbav:"thread_id"`
	Body         string     `json:"body" dynamodbav:"body"`
	EditedBody   *string    `json:"edited_body" dynamodbav:"edited_body"`
	Compliance   Compliance `json:"compliance" dynamodbav:"compliance"`
	CreditsSpent int        `json:"credits_spent" dynamodbav:"credits_spent"`
	RegenCount   int        `json:"regen_count" dynamodbav:"regen_count"`
	CreatedAt    string     `json:"created_at" dynamodbav:"created_at"`
	UpdatedAt    string     `json:"updated_at" dynamodbav:"updated_at"`
}

// Text is what to hand to a person: the edited body when set, else the
// body.
func (d Draft) Text() string {
	if d.EditedBody != nil {
		return *d.EditedBody
	}
	return d.Body
}

// ref summarises the draft for its thread.
func (d Draft) ref() *DraftRef {
	return &DraftRef{ID: d.ID, RegenCount: d.RegenCount, CompliancePass: d.Compliance.Pass, UpdatedAt: d.UpdatedAt}
}

// draftItem is a draft as stored under its site.
type draftItem struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Draft
	AccountID string `dynamodbav:"account_id"`
	SiteID    string `dynamodbav:"site_id"`
}

// ErrDraftNotFound is returned for a draft that is not on the site.
var ErrDraftNotFound = apperr.NotFoundf("No forum draft with that id on this site.")

// getDraft returns draft id of the site.
func (s *Service) getDraft(ctx context.Context, siteID, id string) (draftItem, error) {
	if !ids.Valid(id) {
		return draftItem{}, ErrDraftNotFound
	}
	var it draftItem
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.ForumDraftSK(id), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return draftItem{}, ErrDraftNotFound
	}
	if err != nil {
		return draftItem{}, apperr.Wrap("forum.getDraft", err)
	}
	return it, nil
}
