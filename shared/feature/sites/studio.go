package sites

import (
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// This file holds the writes of a Studio site's life (spec 3 Site): added
// while its first charge is in flight (pending), active once paid, removal
// scheduled at the end of the paid period, archived, restored. Each is a
// conditional write on the site's status for a transaction the caller owns
// (package studio), and each has a twin that applies the same change to a
// Site value for the response and the event.

// NewStudio returns the item of a Studio site being added: pending until
// its charge succeeds.
func NewStudio(accountID, id, websiteURL, brandName string, description, avatarURL *string, dashboardURL string, now time.Time) Item {
	it := Item{
		PK: dynamo.AccountPK(accountID), SK: dynamo.SiteSK(id), AccountID: accountID,
		Site: Site{
			ID: id, Kind: KindStudio, Status: StatusPending, WebsiteURL: &websiteURL, BrandName: &brandName,
			ProductDescription: description, AvatarURL: avatarURL, ScanStatus: ScanQueued,
			DashboardURL: dashboardURL + "/sites/" + id, CreatedAt: clock.Format(now),
		},
		UserSet: []string{"brand_name"},
	}
	if description != nil {
		it.UserSet = append(it.UserSet, "product_description")
	}
	if avatarURL != nil {
		it.UserSet = append(it.UserSet, "avatar_url")
	}
	return it
}

// StudioChange is one change of a Studio site's billing state.
type StudioChange struct {
	// From is the status the site must have.
	From string
	// To is the new status; empty keeps it.
	To string
	// BilledFrom, when not zero, starts billing (activation or restore).
	BilledFrom time.Time
	// RemovesAt sets removes_at, scheduled by RemovedBy (see
	// Site.RemovedBy); ClearRemoval sets it to null.
	RemovesAt    time.Time
	RemovedBy    string
	ClearRemoval bool
	// ArchivedAt sets archived_at; ClearArchived sets it to null.
	ArchivedAt    time.Time
	ClearArchived bool
	// Unscheduled, when true, also requires the site to have no removal
	// scheduled; ScheduledBy, when not empty, requires its removal to
	// have been scheduled by it (see Site.RemovedBy). A change made once
	// per site, whoever finishes it, conditions on them.
	Unscheduled bool
	ScheduledBy string
}

// ApplyStudio adds change to tx as a conditional update of site id.
func ApplyStudio(tx *dynamo.Tx, accountID, id string, c StudioChange) {
	null := &types.AttributeValueMemberNULL{Value: true}
	set := []string{}
	values := map[string]types.AttributeValue{":from": str(c.From)}
	add := func(expr, name string, v types.AttributeValue) {
		set = append(set, expr)
		values[name] = v
	}
	if c.To != "" {
		add("#status = :to", ":to", str(c.To))
	}
	if !c.BilledFrom.IsZero() {
		add("billed_from = :billed", ":billed", str(clock.Format(c.BilledFrom)))
	}
	switch {
	case !c.RemovesAt.IsZero():
		add("removes_at = :removes", ":removes", str(clock.Format(c.RemovesAt)))
		add("removed_by = :removedby", ":removedby", str(c.RemovedBy))
	case c.ClearRemoval:
		add("removes_at = :noremoval", ":noremoval", null)
		add("removed_by = :noremovedby", ":noremovedby", str(""))
	}
	switch {
	case !c.ArchivedAt.IsZero():
		add("archived_at = :archived", ":archived", str(clock.Format(c.ArchivedAt)))
	case c.ClearArchived:
		add("archived_at = :noarchive", ":noarchive", null)
	}
	expr := "SET "
	for i, s := range set {
		if i > 0 {
			expr += ", "
		}
		expr += s
	}
	cond := "#status = :from AND #kind = :studio"
	if c.Unscheduled {
		cond += " AND (attribute_not_exists(removes_at) OR attribute_type(removes_at, :nulltype))"
		values[":nulltype"] = str("NULL")
	}
	if c.ScheduledBy != "" {
		cond += " AND removed_by = :scheduledby"
		values[":scheduledby"] = str(c.ScheduledBy)
	}
	tx.Update("site:"+id, dynamo.AccountPK(accountID), dynamo.SiteSK(id), &types.Update{
		UpdateExpression:          aws.String(expr),
		ConditionExpression:       aws.String(cond),
		ExpressionAttributeNames:  map[string]string{"#status": "status", "#kind": "kind"},
		ExpressionAttributeValues: withStudio(values),
	})
}

// Applied returns s as ApplyStudio leaves it.
func (c StudioChange) Applied(s Site) Site {
	if c.To != "" {
		s.Status = c.To
	}
	if !c.BilledFrom.IsZero() {
		s.BilledFrom = aws.String(clock.Format(c.BilledFrom))
	}
	switch {
	case !c.RemovesAt.IsZero():
		s.RemovesAt, s.RemovedBy = aws.String(clock.Format(c.RemovesAt)), c.RemovedBy
	case c.ClearRemoval:
		s.RemovesAt, s.RemovedBy = nil, ""
	}
	switch {
	case !c.ArchivedAt.IsZero():
		s.ArchivedAt = aws.String(clock.Format(c.ArchivedAt))
	case c.ClearArchived:
		s.ArchivedAt = nil
	}
	return s
}

// DeletePending adds to tx the removal of a Studio site whose first charge
// failed, on the condition that it is still pending: nothing of it remains.
func DeletePending(tx *dynamo.Tx, accountID, id string) {
	tx.Raw("site:"+id, types.TransactWriteItem{Delete: &types.Delete{
		Key:                       dynamo.Key(dynamo.AccountPK(accountID), dynamo.SiteSK(id)),
		ConditionExpression:       aws.String("#status = :pending"),
		ExpressionAttributeNames:  map[string]string{"#status": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":pending": str(StatusPending)},
	}})
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

func withStudio(v map[string]types.AttributeValue) map[string]types.AttributeValue {
	v[":studio"] = str(KindStudio)
	return v
}
