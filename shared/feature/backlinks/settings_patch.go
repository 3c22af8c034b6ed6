package backlinks

import (
	"context"
	"fmt"
	"strings"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/dynamo"
)

// Patch is PATCH /sites/{site_id}/backlinks, validated: only sent fields
// change.
type Patch struct {
	OptedIn   input.Field[bool]
	MaxLinks  input.Field[int]
	Niche     input.Field[string]
	TopicTags input.Field[[]string]
	Blocked   input.Field[[]string]
}

// ParsePatch reads the settings body (spec 4.7): opted_in boolean;
// max_links_per_article 0 to 2; niche at most 120 characters (null or ""
// clears it); topic_tags at most 15 tags of 2 to 40 characters;
// blocked_categories from Categories. Arrays drop duplicates (tags compared
// without case); null clears them.
func ParsePatch(o *input.Object) (Patch, error) {
	var p Patch
	p.OptedIn = o.Bool("opted_in")
	if o.Has("max_links_per_article") {
		if o.IsNull("max_links_per_article") {
			o.Problem("max_links_per_article", "cannot be null")
		} else if n, ok := o.Int("max_links_per_article", true, 0, MaxLinksPerArticle); ok {
			p.MaxLinks = input.Field[int]{Sent: true, Value: n}
		}
	}
	p.Niche = o.NullableString("niche", input.SingleLine, input.MaxLen(MaxNiche))
	p.TopicTags = readTags(o, "topic_tags", MaxSiteTags)
	p.Blocked = readCategories(o)
	return p, o.Err()
}

// readTags reads an array of topic tags (2 to 40 characters each, at most
// max); duplicates, compared without case, are dropped. null reads as [].
func readTags(o *input.Object, name string, max int) input.Field[[]string] {
	f := o.Strings(name, max, input.SingleLine, input.Len(MinTag, MaxTag))
	if !f.Sent {
		return f
	}
	return input.Field[[]string]{Sent: true, Value: dedupe(f.Value)}
}

// readCategories reads blocked_categories.
func readCategories(o *input.Object) input.Field[[]string] {
	f := o.Enums("blocked_categories", len(Categories), input.OneOf(Categories...))
	if !f.Sent {
		return f
	}
	return input.Field[[]string]{Sent: true, Value: dedupe(f.Value)}
}

// dedupe drops empty strings and later duplicates (compared without case).
func dedupe(list []string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, s := range list {
		k := strings.ToLower(s)
		if s != "" && !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	return out
}

// needsDomain begins the refusal of opting in without a verified domain
// (see settingsItem.notProven).
const needsDomain = "Hosting links needs a verified domain."

// UpdateSettings applies p to the caller's site and returns the overview.
// Errors: not_found; conflict when opted_in true is sent while the domain
// is not verified (or is suspended), or when the settings kept changing.
// A change commits with the overview it answers, so the request's answer
// is stored with it.
func (s *Service) UpdateSettings(ctx context.Context, siteID string, p Patch) (Overview, error) {
	who, _, err := s.site(ctx, siteID)
	if err != nil {
		return Overview{}, err
	}
	for try := 0; try < changeAttempts; try++ {
		set, err := s.loadSettings(ctx, who.AccountID, siteID)
		if err != nil {
			return Overview{}, err
		}
		if p.OptedIn.Sent && p.OptedIn.Value && !set.proven() {
			return Overview{}, set.notProven(needsDomain)
		}
		changed := p.apply(&set)
		if len(changed) == 0 {
			return s.overview(ctx, set)
		}
		tx := &dynamo.Tx{}
		putSettings(tx, &set)
		activity.Record(tx, s.Clock.Now(), who, activity.Change{
			Action: "backlinks.updated", SiteID: siteID, Resource: activity.Resource{Type: "backlinks", ID: siteID},
			Summary: fmt.Sprintf("Backlink exchange settings changed: %s", strings.Join(changed, ", ")),
		})
		// The overview is read before the commit so that it is stored
		// with the change (see dynamo.Table.Commit).
		ov, err := s.overview(ctx, set)
		if err != nil {
			return Overview{}, err
		}
		err = s.Table.Commit(ctx, tx, ov)
		if dynamo.LostRace(err, "settings") {
			if err := pauseAfterRace(ctx, try); err != nil {
				return Overview{}, err
			}
			continue
		}
		if err != nil {
			return Overview{}, apperr.Wrap("backlinks.UpdateSettings", err)
		}
		return ov, nil
	}
	return Overview{}, errBusy
}

// apply sets the sent fields and returns the names of those that changed.
func (p Patch) apply(set *settingsItem) []string {
	var changed []string
	note := func(name string, differs bool) bool {
		if differs {
			changed = append(changed, name)
		}
		return differs
	}
	if p.OptedIn.Sent && note("opted_in", set.OptedIn != p.OptedIn.Value) {
		set.OptedIn = p.OptedIn.Value
	}
	if p.MaxLinks.Sent && note("max_links_per_article", set.MaxLinks != p.MaxLinks.Value) {
		set.MaxLinks = p.MaxLinks.Value
	}
	if p.Niche.Sent {
		var niche *string
		if v := p.Niche.Value; !p.Niche.Null && v != "" {
			niche = &v
		}
		if note("niche", !sameString(set.Niche, niche)) {
			set.Niche = niche
		}
	}
	if p.TopicTags.Sent && note("topic_tags", !sameList(set.TopicTags, p.TopicTags.Value)) {
		set.TopicTags = nonNil(p.TopicTags.Value)
	}
	if p.Blocked.Sent && note("blocked_categories", !sameList(set.Blocked, p.Blocked.Value)) {
		set.Blocked = nonNil(p.Blocked.Value)
	}
	return changed
}

func sameString(a, b *string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

func sameList(a, b []string) bool {
	return strings.Join(a, "\x00") == strings.Join(b, "\x00") && len(a) == len(b)
}

func nonNil(list []string) []string {
	if list == nil {
		return []string{}
	}
	return list
}
