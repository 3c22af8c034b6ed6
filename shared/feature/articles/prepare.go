package articles

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/platform/dynamo"
)

// Prepared is a read-modify-write of one article waiting to join a
// transaction that another package commits (a credit spend, for one). Its
// write is conditional on the article's updated_at as read, like Change's.
type Prepared struct {
	// AccountID owns the article's site.
	AccountID string
	// Before and After are the article as read and as it will be written.
	Before, After Article
}

// Prepare reads article id of site siteID and applies change to it, without
// writing (updated_at moves and the slug follows the title, as in Change):
// add the write to a transaction with PutIn. change returning an
// error stops with that error. Errors: not_found.
func (s *Store) Prepare(ctx context.Context, siteID, id string, change func(a *Article) error) (Prepared, error) {
	it, err := s.getItem(ctx, siteID, id)
	if err != nil {
		return Prepared{}, err
	}
	p := Prepared{AccountID: it.AccountID, Before: it.Article, After: it.Article}
	p.After.Tags = append([]string{}, it.Tags...) // a list, never null
	if err := change(&p.After); err != nil {
		return Prepared{}, err
	}
	p.After.UpdatedAt = s.nextUpdate(p.Before.UpdatedAt, "")
	p.After.Slug = Slug(p.After.Title, p.After.ID) // the slug follows the title, whatever the status
	return p, nil
}

// PutIn adds the prepared write to tx under the name "article"; the commit
// fails with a condition on "article" when someone wrote the article since
// it was read (see LostArticle).
func (p Prepared) PutIn(tx *dynamo.Tx) {
	tx.Put("article", toItem(p.AccountID, p.After), "updated_at = :old", map[string]types.AttributeValue{
		":old": &types.AttributeValueMemberS{Value: p.Before.UpdatedAt},
	})
	putHead(tx, p.After)
}

// LostArticle reports whether a commit failed because the article changed
// (or was deleted) after Prepare read it, or because a later write of the
// site's finished articles committed first (see putHead): Prepare again.
func LostArticle(err error) bool {
	return dynamo.FailedOn(err, "article") || dynamo.FailedOn(err, headWrite)
}
