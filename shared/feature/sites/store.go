package sites

import (
	"context"
	"errors"
	"sort"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
)

// ErrNotFound is returned for a site that is not the account's.
var ErrNotFound = apperr.NotFoundf("No site with that id on this account.")

// Store reads and writes sites.
type Store struct {
	Table *dynamo.Table
}

// GetItem returns the stored site id of account.
func (s *Store) GetItem(ctx context.Context, accountID, id string) (Item, error) {
	var it Item
	err := s.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.SiteSK(id), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return Item{}, ErrNotFound
	}
	if err != nil {
		return Item{}, apperr.Wrap("sites.Get", err)
	}
	return it, nil
}

// Get returns site id of account.
func (s *Store) Get(ctx context.Context, accountID, id string) (Site, error) {
	it, err := s.GetItem(ctx, accountID, id)
	return it.Site, err
}

// All returns every site of account: the primary first, then Studio sites in
// creation order, archived ones included. Accounts hold few sites, so one
// query reads them all.
func (s *Store) All(ctx context.Context, accountID string) ([]Site, error) {
	in, err := dynamo.PartitionPrefix(dynamo.AccountPK(accountID), dynamo.SitePrefix).Input()
	if err != nil {
		return nil, apperr.Wrap("sites.All", err)
	}
	in.ConsistentRead = aws.Bool(true)
	rows, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		return nil, apperr.Wrap("sites.All", err)
	}
	items, err := dynamo.UnmarshalList[Item](rows)
	if err != nil {
		return nil, apperr.Wrap("sites.All", err)
	}
	out := make([]Site, len(items))
	for i, it := range items {
		out[i] = it.Site
	}
	sort.SliceStable(out, func(i, j int) bool {
		if (out[i].Kind == KindPrimary) != (out[j].Kind == KindPrimary) {
			return out[i].Kind == KindPrimary
		}
		if out[i].CreatedAt != out[j].CreatedAt {
			return out[i].CreatedAt < out[j].CreatedAt
		}
		return out[i].ID < out[j].ID
	})
	return out, nil
}

// cursorList tags the site list's cursors, so a cursor another list
// issued (one that also holds a position) is refused like a made-up one.
const cursorList = "sites"

// List returns one page of All; the cursor is the position in that order,
// tagged as the site list's.
func (s *Store) List(ctx context.Context, accountID string, limit int, cursor string) ([]Site, string, error) {
	start := 0
	if cursor != "" {
		c, err := dynamo.DecodeCursor(cursor)
		n, convErr := strconv.Atoi(c["offset"])
		if err != nil || convErr != nil || n < 0 || len(c) != 2 || c["list"] != cursorList {
			return nil, "", apperr.BadCursor()
		}
		start = n
	}
	all, err := s.All(ctx, accountID)
	if err != nil {
		return nil, "", err
	}
	if start > len(all) {
		start = len(all)
	}
	end := start + limit
	next := ""
	if end < len(all) {
		next = dynamo.EncodeCursor(dynamo.Cursor{"list": cursorList, "offset": strconv.Itoa(end)})
	} else {
		end = len(all)
	}
	return all[start:end], next, nil
}

// Within reads the account's site id and, at the same time, runs reads:
// reads under the site's own partition that need only its id. The site's
// answer comes first (not_found for a site that is not the account's, so
// another account's ids answer as random ones do, and what reads found is
// dropped), and the whole costs one round trip instead of two.
func (s *Store) Within(ctx context.Context, accountID, id string, reads ...func(context.Context) error) (Site, error) {
	var site Site
	get := func(ctx context.Context) (err error) {
		site, err = s.Get(ctx, accountID, id)
		return err
	}
	err := par.Do(ctx, append([]func(context.Context) error{get}, reads...)...)
	return site, err
}
