package webhooks

import (
	"strings"

	"rvcontent/shared/kernel/input"
	"rvcontent/shared/kernel/weburl"
)

// maxURL is the longest endpoint URL accepted.
const MaxURL = weburl.MaxLen

// NewInput is what POST /webhooks takes, validated.
type NewInput struct {
	URL         string
	Events      []string
	Description *string
}

// Patch is what PATCH /webhooks/{id} takes: nil fields were not sent;
// Description may be sent as null (or "") to clear it.
type Patch struct {
	URL         *string
	Events      []string // nil when not sent
	Description input.Field[string]
	Enabled     *bool
}

// Empty reports whether the patch changes nothing.
func (p Patch) Empty() bool {
	return p.URL == nil && p.Events == nil && !p.Description.Sent && p.Enabled == nil
}

// ParseNew reads the body of POST /webhooks (spec 4.10), reporting every
// invalid field.
func ParseNew(o *input.Object) (NewInput, error) {
	var in NewInput
	in.URL, _ = o.String("url", true, input.MaxLen(MaxURL), weburl.Check(true), noFragment)
	in.Events = parseEvents(o)
	if v, ok := o.String("description", false, input.SingleLine, input.MaxLen(MaxDescription)); ok && v != "" {
		in.Description = &v
	}
	return in, o.Err()
}

// ParsePatch reads the body of PATCH /webhooks/{id}: only the fields sent.
func ParsePatch(o *input.Object) (Patch, error) {
	var p Patch
	if o.IsNull("url") {
		o.Problem("url", "cannot be null; send the endpoint's public https URL")
	} else if o.Has("url") {
		if v, ok := o.String("url", true, input.MaxLen(MaxURL), weburl.Check(true), noFragment); ok {
			p.URL = &v
		}
	}
	if o.IsNull("events") {
		o.Problem("events", "cannot be null; send a list of event types, or [\"*\"] for all")
	} else if o.Has("events") {
		p.Events = parseEvents(o)
	}
	p.Description = o.NullableString("description", input.SingleLine, input.MaxLen(MaxDescription))
	if p.Description.Sent && p.Description.Value == "" {
		p.Description.Null = true
	}
	if b := o.Bool("enabled"); b.Sent && !b.Null {
		p.Enabled = &b.Value
	}
	return p, o.Err()
}

// noFragment refuses an endpoint URL with a fragment ("#..."): a fragment
// is never part of the request a delivery sends, so whatever it holds (a
// token meant for the receiver, say) would never reach the endpoint.
func noFragment(raw string) string {
	if strings.Contains(raw, "#") {
		return "must not have a fragment (#...): deliveries never send it; put what the endpoint needs in the path or query"
	}
	return ""
}

// MaxEventItems bounds the "events" list as sent, duplicates included
// (they are dropped, and only known types pass, so the list kept is at
// most every type).
const MaxEventItems = 100

// parseEvents reads the required "events" list: known event types, or
// ["*"] alone. Duplicates are dropped; the order is kept.
func parseEvents(o *input.Object) []string {
	f := o.Enums("events", MaxEventItems, checkType)
	switch {
	case !f.Sent || f.Null:
		o.Problem("events", "is required: a list of event types, or [\"*\"] for all")
		return nil
	case f.Value == nil:
		return nil // not a list of strings, or too long: already a problem
	case len(f.Value) == 0:
		o.Problem("events", "must list at least one event type, or be [\"*\"] for all")
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, t := range f.Value {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	if seen[AllEvents] && len(out) > 1 {
		o.Problem("events", "\"*\" already means every event type and must be the only item")
		return nil
	}
	return out
}

// checkType accepts a known event type or "*".
func checkType(t string) string {
	if t == AllEvents || KnownType(t) {
		return ""
	}
	return "is not an event type; use one of " + strings.Join(sortedTypes(), ", ") + ", or \"*\""
}
