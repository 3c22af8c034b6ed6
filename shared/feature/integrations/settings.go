package integrations

import (
	"context"
	"fmt"
	"strings"

	"rvcontent/shared/platform/pushapi"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/dynamo"
)

// MaxOptionID is the longest category or author id accepted.
const MaxOptionID = 200

// Patch is what PATCH .../integrations/{integration_id} takes: only sent
// fields change; null clears category and author.
type Patch struct {
	DefaultStatus input.Field[string]
	Category      input.Field[string]
	Author        input.Field[string]
}

// ParsePatch reads the body of PATCH .../integrations/{integration_id}.
func ParsePatch(o *input.Object) (Patch, error) {
	var p Patch
	p.DefaultStatus = o.Enum("default_status", PushDraft, PushPublish)
	if p.DefaultStatus.Null {
		o.Problem("default_status", "cannot be null")
	}
	p.Category = o.NullableString("category", input.SingleLine, input.Len(1, MaxOptionID))
	p.Author = o.NullableString("author", input.SingleLine, input.Len(1, MaxOptionID))
	return p, o.Err()
}

// Configure changes the caller's integration's settings. Settings may be
// set before connecting; once connected, category and author must be
// among the platform site's (see setup) when it reported any.
// push_platform_2 needs the paid plan (integration_unavailable). Settings
// sent with the values they have already change nothing: nothing is
// written and no activity is recorded. A PATCH that raced another write of
// the integration (a sync ending at that moment) is applied again to the
// integration as it is now, as backoff.Retry does.
func (s *Service) Configure(ctx context.Context, siteID, platform string, in Patch) (Integration, error) {
	return backoff.Retry(ctx, lostRace, func() (Integration, error) {
		return s.configure(ctx, siteID, platform, in)
	})
}

// configure applies in once to the integration as read now; errChanged
// when another write came between the read and the write.
func (s *Service) configure(ctx context.Context, siteID, platform string, in Patch) (Integration, error) {
	p, site, err := s.scope(ctx, siteID, platform)
	if err != nil {
		return Integration{}, err
	}
	if err := s.requireAvailable(ctx, p.AccountID, platform); err != nil {
		return Integration{}, err
	}
	r, err := s.load(ctx, p.AccountID, site, platform)
	if err != nil {
		return Integration{}, err
	}
	before := r.Settings
	var problems []apperr.Problem
	if in.DefaultStatus.Sent {
		r.Settings.DefaultStatus = in.DefaultStatus.Value
	}
	if in.Category.Sent {
		r.Settings.Category = optional(in.Category)
		if problem := among(r.Settings.Category, r.Categories, "categories", r.connected()); problem != "" {
			problems = append(problems, apperr.Problem{Field: "category", Problem: problem})
		}
	}
	if in.Author.Sent {
		r.Settings.Author = optional(in.Author)
		if problem := among(r.Settings.Author, r.Authors, "authors", r.connected()); problem != "" {
			problems = append(problems, apperr.Problem{Field: "author", Problem: problem})
		}
	}
	if len(problems) > 0 {
		return Integration{}, apperr.Invalid(problems...)
	}
	if r.Settings.same(before) {
		return r.view(true), nil
	}
	tx := &dynamo.Tx{}
	put(tx, &r)
	activity.Record(tx, s.Clock.Now(), p, activity.Change{
		Action: "integration.updated", SiteID: siteID, Resource: activity.Resource{Type: "integration", ID: platform},
		Summary: fmt.Sprintf("%s settings changed", platform),
	})
	v := r.view(true)
	if err := s.commit(ctx, tx, v); err != nil {
		return Integration{}, err
	}
	return v, nil
}

// same reports whether s holds the same settings as o.
func (s Settings) same(o Settings) bool {
	eq := func(a, b *string) bool { return a == b || (a != nil && b != nil && *a == *b) }
	return s.DefaultStatus == o.DefaultStatus && eq(s.Category, o.Category) && eq(s.Author, o.Author)
}

func optional(f input.Field[string]) *string {
	if f.Null {
		return nil
	}
	v := f.Value
	return &v
}

// among checks that id is one of the platform's options once connected
// (a site that offers none offers no id: only null goes); before
// connecting any id goes.
func among(id *string, options []pushapi.Option, what string, connected bool) string {
	if id == nil || !connected {
		return ""
	}
	if len(options) == 0 {
		return fmt.Sprintf("must be null: the platform site offers no %s", what)
	}
	var names []string
	for _, o := range options {
		if o.ID == *id {
			return ""
		}
		names = append(names, o.ID)
	}
	return fmt.Sprintf("must be the id of one of the platform site's %s: %s", what, strings.Join(names, ", "))
}
