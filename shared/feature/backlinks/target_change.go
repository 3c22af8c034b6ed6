package backlinks

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/url"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// targetsNeedDomain begins the refusal of a target URL while the domain
// is not verified (see settingsItem.notProven).
const targetsNeedDomain = "Targets are pages on the site's verified domain."

// DuplicateTarget begins the message of the conflict of a target whose
// URL the site already has one for (the dashboard shows it next to the
// address typed).
const DuplicateTarget = "This site already has a target for that URL"

// errTargetLimit refuses a target beyond MaxTargets.
var errTargetLimit = apperr.Newf(apperr.Conflict, "This site already has %d backlink targets, the most it can have. Delete one first.", MaxTargets)

// checkURL checks a target URL against the site's verified domain and its
// other targets (except the one with id skip).
func (s *Service) checkURL(ctx context.Context, accountID, siteID, raw, skip string) error {
	set, err := s.loadSettings(ctx, accountID, siteID)
	if err != nil {
		return err
	}
	if !set.proven() {
		return set.notProven(targetsNeedDomain)
	}
	u, _ := url.Parse(raw)
	if !onDomain(u.Hostname(), set.domain()) {
		return apperr.Invalid(apperr.Problem{Field: "url", Problem: "must be a page on the verified domain " + set.domain() + " (or a subdomain of it)"})
	}
	all, err := s.allTargets(ctx, siteID)
	if err != nil {
		return err
	}
	for _, t := range all {
		if t.ID != skip && sameURL(t.URL, raw) {
			return apperr.New(apperr.Conflict, DuplicateTarget+": change it instead (PATCH .../backlinks/targets/"+t.ID+").")
		}
	}
	return nil
}

// targetPageItem reserves a page for one target of its site: it is written
// with the target (and moved with its URL), so two requests at once cannot
// both add the same page, which checkURL alone cannot see.
type targetPageItem struct {
	PK       string `dynamodbav:"pk"`
	SK       string `dynamodbav:"sk"`
	TargetID string `dynamodbav:"target_id"`
}

// writePage names the write of a page reservation in a transaction.
const writePage = "page"

// pageSK returns the sort key reserving the page of a target URL (as
// normalURL compares pages) on its site.
func pageSK(raw string) string {
	n, _ := normalURL(raw)
	sum := sha256.Sum256([]byte(n))
	return dynamo.BacklinkTargetURLSK(hex.EncodeToString(sum[:]))
}

// reservePage adds to tx the reservation of raw's page for target id; the
// commit fails, naming writePage, when another target holds it.
func reservePage(tx *dynamo.Tx, siteID, id, raw string) {
	tx.PutNew(writePage, targetPageItem{PK: dynamo.SitePK(siteID), SK: pageSK(raw), TargetID: id})
}

// releasePage adds to tx the removal of raw's page reservation (absent
// for targets added before reservations existed).
func releasePage(tx *dynamo.Tx, siteID, raw string) {
	tx.Delete("old page", dynamo.SitePK(siteID), pageSK(raw), "")
}

// pageTaken is the answer to a commit that failed on the page reservation
// or lost a race with another transaction: another target took the page,
// or changed, at the same moment.
func (s *Service) pageTaken(ctx context.Context, accountID, siteID, raw, skip string) error {
	if err := s.checkURL(ctx, accountID, siteID, raw, skip); err != nil {
		return err
	}
	return apperr.New(apperr.Conflict, "Another target for that URL was being added or changed at the same moment. Send the request again.")
}

// CreateTarget adds a target to the caller's site. Errors: not_found;
// conflict without a verified domain, for a URL another target has (or
// takes at the same moment), or at MaxTargets; validation_failed for a URL
// off the verified domain.
func (s *Service) CreateTarget(ctx context.Context, siteID string, in TargetInput) (Target, error) {
	who, _, err := s.site(ctx, siteID)
	if err != nil {
		return Target{}, err
	}
	if err := s.checkURL(ctx, who.AccountID, siteID, in.URL.Value, ""); err != nil {
		return Target{}, err
	}
	now := s.Clock.Now()
	t := Target{
		ID: ids.Sortable(), URL: in.URL.Value, Anchors: in.Anchors.Value, TopicTags: nonNil(in.TopicTags.Value),
		Priority: DefaultPriority, MaxNewLinksPerMonth: DefaultMonthlyLinks, Active: true, CreatedAt: clock.Format(now),
	}
	if in.Priority.Sent {
		t.Priority = in.Priority.Value
	}
	if in.Monthly.Sent {
		t.MaxNewLinksPerMonth = in.Monthly.Value
	}
	if in.Active.Sent {
		t.Active = in.Active.Value
	}
	it := targetItem{PK: dynamo.SitePK(siteID), SK: dynamo.BacklinkTargetSK(t.ID), Target: t, AccountID: who.AccountID, SiteID: siteID}
	if t.Active {
		it.GSI2PK, it.GSI2SK = dynamo.BacklinkTargetsPK, poolKey(siteID, t.ID)
	}
	tx := &dynamo.Tx{}
	tx.PutNew("target", it)
	reservePage(tx, siteID, t.ID, t.URL)
	u := statsUpdate(who.AccountID, siteID, delta{cTargets: 1})
	u.ExpressionAttributeNames["#t"] = cTargets
	u.ExpressionAttributeValues[":max"] = &types.AttributeValueMemberN{Value: strconv.Itoa(MaxTargets)}
	u.ConditionExpression = aws.String("attribute_not_exists(#t) OR #t < :max")
	tx.Update("targets", dynamo.AccountPK(who.AccountID), dynamo.BacklinkStatsSK(siteID), u)
	recordTarget(tx, s.Clock, who, siteID, t.ID, "backlink_target.created", "Backlink target added: "+t.URL)
	if err := s.Table.Commit(ctx, tx, t); err != nil {
		if dynamo.FailedOn(err, "targets") {
			return Target{}, errTargetLimit
		}
		if dynamo.LostRace(err, writePage) {
			return Target{}, s.pageTaken(ctx, who.AccountID, siteID, t.URL, t.ID)
		}
		return Target{}, apperr.Wrap("backlinks.CreateTarget", err)
	}
	return t, nil
}

// UpdateTarget changes the sent fields of the caller's target. Errors:
// not_found; as CreateTarget for a new URL; conflict when the target's URL
// changed at the same moment. A change commits with the target it
// answers, so the request's answer is stored with it.
func (s *Service) UpdateTarget(ctx context.Context, siteID, id string, in TargetInput) (Target, error) {
	who, _, err := s.site(ctx, siteID)
	if err != nil {
		return Target{}, err
	}
	it, err := s.getTarget(ctx, siteID, id)
	if err != nil {
		return Target{}, err
	}
	oldURL := it.URL
	if in.URL.Sent && in.URL.Value != it.URL {
		if err := s.checkURL(ctx, who.AccountID, siteID, in.URL.Value, id); err != nil {
			return Target{}, err
		}
	}
	sets, changed := in.apply(&it)
	if len(changed) == 0 {
		return it.view(), nil
	}
	u, err := targetUpdate(sets, it)
	if err != nil {
		return Target{}, apperr.Wrap("backlinks.UpdateTarget", err)
	}
	tx := &dynamo.Tx{}
	if pageSK(oldURL) != pageSK(it.URL) {
		// The page moves: only from the URL read, so the reservations
		// follow the target's URL.
		u.ConditionExpression = aws.String("attribute_exists(pk) AND #url_read = :url_read")
		u.ExpressionAttributeNames["#url_read"] = "url"
		u.ExpressionAttributeValues[":url_read"] = str(oldURL)
		releasePage(tx, siteID, oldURL)
		reservePage(tx, siteID, id, it.URL)
	}
	tx.Update("target", it.PK, it.SK, u)
	recordTarget(tx, s.Clock, who, siteID, id, "backlink_target.updated", "Backlink target changed ("+strings.Join(changed, ", ")+"): "+it.URL)
	t := it.view()
	if err := s.Table.Commit(ctx, tx, t); err != nil {
		if dynamo.LostRace(err, writePage) {
			return Target{}, s.pageTaken(ctx, who.AccountID, siteID, it.URL, id)
		}
		if dynamo.FailedOn(err, "target") {
			return Target{}, s.targetRaced(ctx, siteID, id)
		}
		return Target{}, apperr.Wrap("backlinks.UpdateTarget", err)
	}
	return t, nil
}

// targetRaced is the answer to a commit whose condition on target id
// failed: not_found when it is gone, conflict when its URL changed at the
// same moment.
func (s *Service) targetRaced(ctx context.Context, siteID, id string) error {
	if _, err := s.getTarget(ctx, siteID, id); err != nil {
		return err
	}
	return apperr.New(apperr.Conflict, "The target was changed at the same moment. Read it again and send the request again.")
}

// apply sets the sent fields on it and returns the attributes to write and
// the names of the fields that changed.
func (in TargetInput) apply(it *targetItem) (map[string]any, []string) {
	sets := map[string]any{}
	var changed []string
	set := func(name string, differs bool, v any) {
		if differs {
			sets[name] = v
			changed = append(changed, name)
		}
	}
	if in.URL.Sent {
		set("url", it.URL != in.URL.Value, in.URL.Value)
		it.URL = in.URL.Value
	}
	if in.Anchors.Sent {
		set("anchors", !sameList(it.Anchors, in.Anchors.Value), in.Anchors.Value)
		it.Anchors = in.Anchors.Value
	}
	if in.TopicTags.Sent {
		tags := nonNil(in.TopicTags.Value)
		set("topic_tags", !sameList(it.TopicTags, tags), tags)
		it.TopicTags = tags
	}
	if in.Priority.Sent {
		set("priority", it.Priority != in.Priority.Value, in.Priority.Value)
		it.Priority = in.Priority.Value
	}
	if in.Monthly.Sent {
		set("max_new_links_per_month", it.MaxNewLinksPerMonth != in.Monthly.Value, in.Monthly.Value)
		it.MaxNewLinksPerMonth = in.Monthly.Value
	}
	if in.Active.Sent {
		set("active", it.Active != in.Active.Value, in.Active.Value)
		it.Active = in.Active.Value
	}
	return sets, changed
}

// targetUpdate builds the update of a target's changed attributes; a
// change of active moves it in or out of the target pool.
func targetUpdate(sets map[string]any, it targetItem) (*types.Update, error) {
	names := map[string]string{}
	values := map[string]types.AttributeValue{}
	var parts []string
	i := 0
	for name, v := range sets {
		av, err := attributevalue.Marshal(v)
		if err != nil {
			return nil, err
		}
		n, val := "#a"+strconv.Itoa(i), ":a"+strconv.Itoa(i)
		names[n], values[val] = name, av
		parts = append(parts, n+" = "+val)
		i++
	}
	expr := "SET " + strings.Join(parts, ", ")
	if _, ok := sets["active"]; ok {
		if it.Active {
			names["#g2pk"], names["#g2sk"] = "gsi2pk", "gsi2sk"
			values[":g2pk"] = &types.AttributeValueMemberS{Value: dynamo.BacklinkTargetsPK}
			values[":g2sk"] = &types.AttributeValueMemberS{Value: poolKey(it.SiteID, it.ID)}
			expr += ", #g2pk = :g2pk, #g2sk = :g2sk"
		} else {
			expr += " REMOVE gsi2pk, gsi2sk"
		}
	}
	return &types.Update{
		UpdateExpression:          aws.String(expr),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeNames:  names,
		ExpressionAttributeValues: values,
	}, nil
}

// DeleteTarget removes the caller's target; its live links stay live and
// placed links go on to their checks, but its reservations, which can no
// longer be placed, end at once with their held credits back (see
// endReservations; a reservation left over, as after a crash, ends at its
// next placing step). It returns id, which its transaction commits with,
// so the request's answer is stored with the deletion (see
// dynamo.Table.Commit). Errors: not_found; conflict when its URL changed
// at the same moment.
func (s *Service) DeleteTarget(ctx context.Context, siteID, id string) (string, error) {
	who, _, err := s.site(ctx, siteID)
	if err != nil {
		return "", err
	}
	it, err := s.getTarget(ctx, siteID, id)
	if err != nil {
		return "", err
	}
	tx := &dynamo.Tx{}
	// Deleted as read, so the page released is the target's.
	tx.Raw("target", types.TransactWriteItem{Delete: &types.Delete{
		Key: dynamo.Key(it.PK, it.SK), ConditionExpression: aws.String("attribute_exists(pk) AND #url = :url"),
		ExpressionAttributeNames: map[string]string{"#url": "url"}, ExpressionAttributeValues: map[string]types.AttributeValue{":url": str(it.URL)},
	}})
	releasePage(tx, siteID, it.URL)
	addStats(tx, who.AccountID, siteID, delta{cTargets: -1})
	recordTarget(tx, s.Clock, who, siteID, id, "backlink_target.deleted", "Backlink target deleted: "+it.URL)
	if err := s.Table.Commit(ctx, tx, id); err != nil {
		if dynamo.FailedOn(err, "target") {
			return "", s.targetRaced(ctx, siteID, id)
		}
		return "", apperr.Wrap("backlinks.DeleteTarget", err)
	}
	if err := s.endReservations(ctx, siteID, id); err != nil {
		slog.ErrorContext(ctx, "backlink reservations of a deleted target", "target_id", id, "err", err)
	}
	return id, nil
}

// endReservations ends the reservations of site siteID's deleted target
// id (see targetDeleted): held credits go back to the requester. One that
// a placing step changed at the same moment is read again.
func (s *Service) endReservations(ctx context.Context, siteID, id string) error {
	in, err := placementsQuery(siteID,
		expression.Name("direction").Equal(expression.Value(Inbound)),
		expression.Name("target_id").Equal(expression.Value(id)),
		expression.Name("status").Equal(expression.Value(StatusReserved)))
	if err != nil {
		return err
	}
	rows, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		return err
	}
	items, err := dynamo.UnmarshalList[placementItem](rows)
	if err != nil {
		return err
	}
	var errs []error
	for _, it := range items {
		for try := 0; ; try++ {
			p, err := s.getPlacement(ctx, siteID, it.ID)
			if err != nil {
				errs = append(errs, err)
				break
			}
			if p.Status != StatusReserved {
				break
			}
			if _, err = s.end(ctx, p, targetDeleted); err == nil {
				break
			}
			if !lostRace(err) || try+1 >= cancelAttempts {
				errs = append(errs, err)
				break
			}
		}
	}
	return errors.Join(errs...)
}

func recordTarget(tx *dynamo.Tx, c clock.Clock, who auth.Principal, siteID, id, action, summary string) {
	activity.Record(tx, c.Now(), who, activity.Change{
		Action: action, SiteID: siteID, Resource: activity.Resource{Type: "backlink_target", ID: id}, Summary: summary,
	})
}

// sameURL reports whether two URLs name the same page (see normalURL).
func sameURL(a, b string) bool {
	na, oka := normalURL(a)
	nb, okb := normalURL(b)
	return oka && okb && na == nb
}
