package forum

import (
	"time"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/platform/dynamo"
)

// record adds the activity entry of a forum change to tx.
func record(tx *dynamo.Tx, now time.Time, p auth.Principal, siteID, action, resourceType, id, summary string) {
	activity.Record(tx, now, p, activity.Change{
		Action: action, SiteID: siteID, Resource: activity.Resource{Type: resourceType, ID: id}, Summary: summary,
	})
}
