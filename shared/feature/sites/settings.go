package sites

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Settings changes a site's brand and writing settings (PATCH
// /sites/{site_id}).
type Settings struct {
	Table *dynamo.Table
	Clock clock.Clock
	Store *Store
}

// attempts is how often a write that lost a race with another change of
// the same site is tried again.
const attempts = 3

var errBusy = apperr.New(apperr.Conflict, "The site changed while this request was applied. Send it again.")

// Update applies p to the caller's site id and returns the site as stored.
// Only sent fields change; brand fields given a value count as set by the
// user, so a rescan keeps them, and cleared ones go back to the scan. The
// change is recorded in the activity log. Changing website_url does not
// start a scan. A change commits with the site it leaves as its result,
// so the request's answer is stored with it (see dynamo.Table.Commit).
// Errors: not_found for a site that is not the caller's, conflict when
// the site kept changing underneath.
func (s *Settings) Update(ctx context.Context, id string, p Patch) (Site, error) {
	who, _ := auth.From(ctx)
	changes := p.changes()
	for try := 0; try < attempts; try++ {
		it, err := s.Store.GetItem(ctx, who.AccountID, id)
		if err != nil {
			return it.Site, err
		}
		differ, err := differing(it, changes)
		if err != nil {
			return Site{}, apperr.Wrap("sites.Update", err)
		}
		userSet := p.userSet(it.UserSet)
		if len(differ) == 0 && slices.Equal(userSet, it.UserSet) {
			return it.Site, nil // nothing changes: nothing written, nothing recorded
		}
		tx := &dynamo.Tx{}
		u, err := patchUpdate(it, differ, userSet)
		if err != nil {
			return Site{}, apperr.Wrap("sites.Update", err)
		}
		tx.Update("site", it.PK, it.SK, u)
		if len(differ) > 0 {
			var fields []string
			for _, c := range differ {
				fields = append(fields, c.field)
			}
			activity.Record(tx, s.Clock.Now(), who, activity.Change{
				Action: "site.updated", SiteID: id, Resource: activity.Resource{Type: "site", ID: id},
				Summary: fmt.Sprintf("Site settings changed: %s", strings.Join(fields, ", ")),
			})
		}
		// The site as this request leaves it (a read after the commit
		// could show a later request's values instead of this one's) is
		// the answer, stored with the change (see dynamo.Table.Commit).
		site, err := applied(it, differ)
		if err != nil {
			return Site{}, apperr.Wrap("sites.Update", err)
		}
		err = s.Table.Commit(ctx, tx, site)
		if errors.Is(err, dynamo.ErrConditionFailed) {
			continue // deleted, or its user-set fields changed: read again
		}
		if err != nil {
			return Site{}, apperr.Wrap("sites.Update", err)
		}
		return site, nil
	}
	return Site{}, errBusy
}

// differing returns the changes that write a value other than the one
// it holds: a field sent as it is (or null sent for a field already
// empty) changes nothing and is not recorded as a change.
func differing(it Item, changes []change) ([]change, error) {
	m, err := attributevalue.MarshalMap(it.Site)
	if err != nil {
		return nil, err
	}
	var out []change
	for _, c := range changes {
		var held types.AttributeValue = m[c.path[0]]
		if w, ok := held.(*types.AttributeValueMemberM); ok && len(c.path) == 2 {
			held = w.Value[c.path[1]]
		} else if len(c.path) == 2 {
			held = nil
		}
		s, isString := held.(*types.AttributeValueMemberS)
		switch {
		case c.value == nil && (held == nil || !isString):
		case c.value != nil && isString && s.Value == *c.value:
		default:
			out = append(out, c)
		}
	}
	return out, nil
}

// applied returns it's site with changes written as patchUpdate writes
// them (each field, or a key of the writing map, set or made null).
func applied(it Item, changes []change) (Site, error) {
	m, err := attributevalue.MarshalMap(it.Site)
	if err != nil {
		return Site{}, err
	}
	for _, c := range changes {
		var v types.AttributeValue = &types.AttributeValueMemberNULL{Value: true}
		if c.value != nil {
			v = &types.AttributeValueMemberS{Value: *c.value}
		}
		if len(c.path) == 2 {
			w, _ := m[c.path[0]].(*types.AttributeValueMemberM)
			if w == nil {
				w = &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{}}
				m[c.path[0]] = w
			}
			w.Value[c.path[1]] = v
			continue
		}
		m[c.path[0]] = v
	}
	var out Site
	err = attributevalue.UnmarshalMap(m, &out)
	return out, err
}

// patchUpdate builds the update that writes changes and the new user-set
// fields, on the condition that the site exists and its user-set fields
// are still those read. A writing field is written at its own path inside
// the writing map, so PATCHes of different writing fields sent at once
// each keep the other's value (spec 4.1: only the fields sent change);
// every site item carries the map from its creation (NewPrimary,
// NewStudio), and the condition requires it.
func patchUpdate(it Item, changes []change, userSet []string) (*types.Update, error) {
	names := map[string]string{}
	values := map[string]types.AttributeValue{}
	var set, remove []string
	writing := false
	for i, c := range changes {
		var v types.AttributeValue = &types.AttributeValueMemberNULL{Value: true}
		if c.value != nil {
			v = &types.AttributeValueMemberS{Value: *c.value}
		}
		n, val := fmt.Sprintf("#f%d", i), fmt.Sprintf(":v%d", i)
		names[n], values[val] = c.path[len(c.path)-1], v
		if len(c.path) == 2 {
			writing = true
			names["#writing"] = c.path[0]
			set = append(set, "#writing."+n+" = "+val)
			continue
		}
		set = append(set, n+" = "+val)
	}
	cond := userSetCondition(it.UserSet, names, values)
	if writing {
		values[":map"] = &types.AttributeValueMemberS{Value: "M"}
		cond += " AND attribute_type(#writing, :map)"
	}
	if len(userSet) > 0 {
		values[":userset"] = &types.AttributeValueMemberSS{Value: userSet}
		set = append(set, "#userset = :userset")
	} else {
		remove = append(remove, "#userset")
	}
	var clauses []string
	if len(set) > 0 {
		clauses = append(clauses, "SET "+strings.Join(set, ", "))
	}
	if len(remove) > 0 {
		clauses = append(clauses, "REMOVE "+strings.Join(remove, ", "))
	}
	expr := strings.Join(clauses, " ")
	return &types.Update{
		UpdateExpression:          aws.String(expr),
		ConditionExpression:       aws.String(cond),
		ExpressionAttributeNames:  names,
		ExpressionAttributeValues: values,
	}, nil
}

// userSetCondition returns a condition that holds while the item exists
// and its user_set attribute is still before; it adds the names and values
// it uses.
func userSetCondition(before []string, names map[string]string, values map[string]types.AttributeValue) string {
	names["#userset"] = "user_set"
	if len(before) == 0 {
		return "attribute_exists(pk) AND attribute_not_exists(#userset)"
	}
	values[":before"] = &types.AttributeValueMemberSS{Value: before}
	return "attribute_exists(pk) AND #userset = :before"
}
