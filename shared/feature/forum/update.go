package forum

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// UpdateSettings applies a PATCH to the caller's site's settings (spec
// 4.8): enabled needs the site's brand name, and a disclosure line must
// name the brand (or hold {brand}) and say the writer works on it. Turning
// automatic sweeps on (with the feature enabled) schedules the first one
// for the next scheduled run, or a day after the last sweep. Errors:
// not_found, validation_failed, conflict when another change won a race
// backoff.Attempts times (each retry comes after a backoff.Pause). A
// change commits with the settings it answers, so the request's answer
// is stored with it.
func (s *Service) UpdateSettings(ctx context.Context, siteID string, in Patch) (Settings, error) {
	p, site, err := s.site(ctx, siteID)
	if err != nil {
		return Settings{}, err
	}
	for attempt := 1; attempt <= backoff.Attempts; attempt++ {
		it, exists, err := s.loadSettings(ctx, p.AccountID, siteID)
		if err != nil {
			return Settings{}, err
		}
		changed, problems := applyPatch(&it, in, site)
		if len(problems) > 0 {
			return Settings{}, apperr.Invalid(problems...)
		}
		if len(changed) == 0 {
			return s.render(ctx, it, site)
		}
		now := s.Clock.Now()
		it.schedule(now)
		tx := &dynamo.Tx{}
		s.putSettings(tx, it, exists)
		activity.Record(tx, now, p, activity.Change{
			Action: "forum.updated", SiteID: siteID, Resource: activity.Resource{Type: "forum", ID: siteID},
			Summary: "Forum presence settings changed (" + strings.Join(changed, ", ") + ")",
		})
		// The answer is rendered before the commit so that it is stored
		// with the change (see dynamo.Table.Commit).
		out, err := s.render(ctx, it, site)
		if err != nil {
			return Settings{}, err
		}
		err = s.Table.Commit(ctx, tx, out)
		if dynamo.LostRace(err, "forum") {
			if attempt < backoff.Attempts {
				if err := backoff.Pause(ctx, attempt, backoff.LongestPause); err != nil {
					return Settings{}, err
				}
			}
			continue
		}
		if err != nil {
			return Settings{}, apperr.Wrap("forum.UpdateSettings", err)
		}
		return out, nil
	}
	return Settings{}, errSettingsRace
}

var errSettingsRace = apperr.New(apperr.Conflict, "The forum settings changed at the same moment. Retry the request.")

// putSettings adds the versioned write of it to tx: it must still be the
// version that was read (or absent when it was).
func (s *Service) putSettings(tx *dynamo.Tx, it settingsItem, exists bool) {
	if !exists {
		it.Version = 1
		tx.Put("forum", it, "attribute_not_exists(pk)", nil)
		return
	}
	old := it.Version
	it.Version++
	tx.Put("forum", it, "version = :v", map[string]types.AttributeValue{":v": &types.AttributeValueMemberN{Value: strconv.FormatInt(old, 10)}})
}

// applyPatch sets the sent fields and returns the names of those that
// changed, or the problems the site's brand makes.
func applyPatch(it *settingsItem, in Patch, site sites.Site) (changed []string, problems []apperr.Problem) {
	brand := ""
	if site.BrandName != nil {
		brand = strings.TrimSpace(*site.BrandName)
	}
	note := func(name string, differs bool) bool {
		if differs {
			changed = append(changed, name)
		}
		return differs
	}
	if in.Enabled.Sent {
		if in.Enabled.Value && brand == "" {
			problems = append(problems, apperr.Problem{Field: "enabled", Problem: "needs the site's brand name: set brand_name with PATCH /sites/{site_id} first"})
		} else if note("enabled", it.Enabled != in.Enabled.Value) {
			it.Enabled = in.Enabled.Value
		}
	}
	if in.SweepEnabled.Sent && note("sweep_enabled", it.SweepEnabled != in.SweepEnabled.Value) {
		it.SweepEnabled = in.SweepEnabled.Value
	}
	if f := in.DisclosureLine; f.Sent {
		if p := disclosureProblem(f.Value, brand); f.Value != "" && p != "" {
			problems = append(problems, apperr.Problem{Field: "disclosure_line", Problem: p})
		} else if v := optional(f.Value); note("disclosure_line", deref(v) != deref(it.Disclosure)) {
			it.Disclosure = v
		}
	}
	if f := in.Niche; f.Sent {
		if v := optional(f.Value); note("niche", deref(v) != deref(it.Niche)) {
			it.Niche = v
		}
	}
	if f := in.Tone; f.Sent {
		if v := optional(f.Value); note("tone", deref(v) != deref(it.Tone)) {
			it.Tone = v
		}
	}
	if f := in.TopicTags; f.Sent && note("topic_tags", !sameList(it.TopicTags, f.Value)) {
		it.TopicTags = nonNil(f.Value)
	}
	if f := in.AllowSubforums; f.Sent && note("allow_subforums", !sameList(it.AllowSubforums, f.Value)) {
		it.AllowSubforums = nonNil(f.Value)
	}
	if f := in.DenySubforums; f.Sent && note("deny_subforums", !sameList(it.DenySubforums, f.Value)) {
		it.DenySubforums = nonNil(f.Value)
	}
	if f := in.MaxLinksPerReply; f.Sent && note("max_links_per_reply", it.MaxLinksPerReply != f.Value) {
		it.MaxLinksPerReply = f.Value
	}
	if f := in.KeywordsPerSweep; f.Sent && note("keywords_per_sweep", it.KeywordsPerSweep != f.Value) {
		it.KeywordsPerSweep = f.Value
	}
	if len(problems) > 0 {
		return nil, problems
	}
	return changed, nil
}

// SweepEvery is the cadence of automatic sweeps.
const SweepEvery = 24 * time.Hour

// dueSweepKind is the due-work kind of automatic sweeps.
const dueSweepKind = "forum_sweep"

// schedule puts the settings in the automatic sweep queue while the
// feature and automatic sweeps are on (keeping a due time already set),
// and takes them out otherwise.
func (it *settingsItem) schedule(now time.Time) {
	if !it.Enabled || !it.SweepEnabled {
		it.GSI1PK, it.GSI1SK = "", ""
		return
	}
	if it.GSI1PK != "" {
		return
	}
	due := now
	if it.LastSweepAt != nil {
		if last, err := clock.Parse(*it.LastSweepAt); err == nil && last.Add(SweepEvery).After(now) {
			due = last.Add(SweepEvery)
		}
	}
	it.setDue(due)
}

// setDue sets the time of the next automatic sweep.
func (it *settingsItem) setDue(t time.Time) {
	it.GSI1PK, it.GSI1SK = dynamo.DuePK(dueSweepKind), dynamo.TimeKey(clock.SortKey(t), it.SiteID)
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func sameList(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
