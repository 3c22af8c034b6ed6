package backlinks

import (
	"fmt"
	"strings"

	"rvcontent/shared/kernel/input"
	"rvcontent/shared/kernel/weburl"
)

// TargetInput is the body of POST (create) or PATCH (change) of a target,
// validated; on PATCH only sent fields change.
type TargetInput struct {
	URL       input.Field[string]
	Anchors   input.Field[[]string]
	TopicTags input.Field[[]string]
	Priority  input.Field[int]
	Monthly   input.Field[int]
	Active    input.Field[bool]
}

// ParseTarget reads a target body (spec 4.7): url (required on create; a
// public http or https URL of at most 2,048 characters; that it is on the
// verified domain is checked by the service), anchors (required on create;
// 3 to 5 different texts of 2 to 80 characters, compared without case and
// extra spaces), topic_tags (at most 10, 2 to 40 characters each),
// priority (1 to 10), max_new_links_per_month (1 to 10), active. Only
// topic_tags may be null (it clears them).
func ParseTarget(o *input.Object, create bool) (TargetInput, error) {
	var in TargetInput
	notNull := func(name string) bool {
		if o.IsNull(name) {
			o.Problem(name, "cannot be null")
			return false
		}
		return o.Has(name)
	}
	if create && (!o.Has("url") || o.IsNull("url")) {
		o.Problem("url", "is required")
	} else if notNull("url") {
		if v, ok := o.String("url", true, input.MaxLen(MaxTargetURL), weburl.Check(false)); ok {
			in.URL = input.Field[string]{Sent: true, Value: v}
		}
	}
	if create && (!o.Has("anchors") || o.IsNull("anchors")) {
		o.Problem("anchors", "is required")
	} else if notNull("anchors") {
		in.Anchors = readAnchors(o)
	}
	in.TopicTags = readTags(o, "topic_tags", MaxTargetTags)
	if notNull("priority") {
		if n, ok := o.Int("priority", true, 1, MaxPriority); ok {
			in.Priority = input.Field[int]{Sent: true, Value: n}
		}
	}
	if notNull("max_new_links_per_month") {
		if n, ok := o.Int("max_new_links_per_month", true, 1, MaxMonthlyLinks); ok {
			in.Monthly = input.Field[int]{Sent: true, Value: n}
		}
	}
	in.Active = o.Bool("active")
	return in, o.Err()
}

// plainAnchor refuses an anchor with "<" or ">": an anchor is the plain
// text of a link in another account's article, never markup (it is
// escaped there too, see plainLink).
func plainAnchor(s string) string {
	if strings.ContainsAny(s, "<>") {
		return "must be plain text, without < or >"
	}
	return ""
}

// readAnchors reads anchors: 3 to 5 texts, 2 to 80 characters each, plain
// text, all different ignoring case and spaces ("Burr grinder" and
// "burrgrinder" are one text).
func readAnchors(o *input.Object) input.Field[[]string] {
	f := o.Strings("anchors", 100, input.SingleLine, input.Len(MinAnchor, MaxAnchor), plainAnchor)
	if !f.Sent {
		return f
	}
	if f.Value == nil {
		// Not an array of strings, or too long: Strings said so, and one
		// problem per field is what the caller reads.
		return input.Field[[]string]{}
	}
	if len(f.Value) < MinAnchors || len(f.Value) > MaxAnchors {
		o.Problem("anchors", fmt.Sprintf("must have %d to %d texts", MinAnchors, MaxAnchors))
		return input.Field[[]string]{}
	}
	seen := map[string]bool{}
	for _, a := range f.Value {
		k := strings.ToLower(strings.Join(strings.Fields(a), ""))
		if seen[k] {
			o.Problem("anchors", fmt.Sprintf("must be different texts; %q is repeated", a))
			return input.Field[[]string]{}
		}
		seen[k] = true
	}
	return f
}
