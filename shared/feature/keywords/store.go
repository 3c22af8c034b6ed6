package keywords

import (
	"context"
	"errors"
	"sort"

	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
)

// ErrNotFound is returned for a keyword that is not on the site.
var ErrNotFound = apperr.NotFoundf("No keyword with that id on this site.")

// Names of the writes this package adds to transactions; a
// *dynamo.CanceledError names the one whose condition failed.
const (
	WriteKeyword = "keyword"      // the keyword item
	WriteName    = "keyword_name" // the name reservation: the name is taken
)

// maxVolume bounds search volumes (spec: an integer, at least 0).
const maxVolume = 1_000_000_000

// Store reads and writes keywords. The caller has checked that the site
// is the caller's.
type Store struct {
	Table *dynamo.Table
}

// All returns every keyword of the site, highest search volume first (then
// by name).
func (s *Store) All(ctx context.Context, siteID string) ([]Keyword, error) {
	in, err := dynamo.PartitionPrefix(dynamo.SitePK(siteID), dynamo.KeywordPrefix).Input()
	if err != nil {
		return nil, apperr.Wrap("keywords.All", err)
	}
	in.ConsistentRead = aws.Bool(true)
	rows, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		return nil, apperr.Wrap("keywords.All", err)
	}
	items, err := dynamo.UnmarshalList[item](rows)
	if err != nil {
		return nil, apperr.Wrap("keywords.All", err)
	}
	out := make([]Keyword, len(items))
	for i, it := range items {
		out[i] = it.Keyword
	}
	sort.Slice(out, func(i, j int) bool { return out[i].sortKey() < out[j].sortKey() })
	return out, nil
}

// ByName returns the site's keywords by name.
func (s *Store) ByName(ctx context.Context, siteID string) (map[string]Keyword, error) {
	all, err := s.All(ctx, siteID)
	if err != nil {
		return nil, err
	}
	m := make(map[string]Keyword, len(all))
	for _, k := range all {
		m[k.Name] = k
	}
	return m, nil
}

// Get returns keyword id of the site.
func (s *Store) Get(ctx context.Context, siteID, id string) (Keyword, error) {
	var it item
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.KeywordSK(id), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return Keyword{}, ErrNotFound
	}
	if err != nil {
		return Keyword{}, apperr.Wrap("keywords.Get", err)
	}
	return it.Keyword, nil
}

// AddIn adds new keyword k of account to tx with its name reservation: the
// commit fails, naming WriteName, when the site already has the name.
func AddIn(tx *dynamo.Tx, accountID string, k Keyword) {
	tx.PutNew(WriteKeyword, toItem(accountID, k))
	tx.PutNew(WriteName, nameItem{PK: dynamo.SitePK(k.SiteID), SK: dynamo.KeywordNameSK(k.Name), KeywordID: k.ID})
}

// ReplaceIn adds to tx the overwrite of existing keyword k (same id and
// name, so its reservation stands); the commit fails, naming WriteKeyword,
// when the keyword is gone.
func ReplaceIn(tx *dynamo.Tx, accountID string, k Keyword) {
	tx.Put(WriteKeyword, toItem(accountID, k), "attribute_exists(pk)", nil)
}

// DeleteIn adds to tx the removal of keyword k and its name reservation;
// the commit fails, naming WriteKeyword, when the keyword is gone.
func DeleteIn(tx *dynamo.Tx, k Keyword) {
	tx.Delete(WriteKeyword, dynamo.SitePK(k.SiteID), dynamo.KeywordSK(k.ID), "attribute_exists(pk)")
	tx.Delete(WriteName, dynamo.SitePK(k.SiteID), dynamo.KeywordNameSK(k.Name), "")
}
