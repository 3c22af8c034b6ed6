package forum

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"rvcontent/shared/kernel/input"
)

// Patch is what PATCH /sites/{site_id}/forum takes: only sent fields
// change; null (or "") puts disclosure_line and tone back to their
// defaults, clears niche and empties the lists.
type Patch struct {
	Enabled          input.Field[bool]
	SweepEnabled     input.Field[bool]
	DisclosureLine   input.Field[string]
	Niche            input.Field[string]
	TopicTags        input.Field[[]string]
	Tone             input.Field[string]
	MaxLinksPerReply input.Field[int]
	AllowSubforums   input.Field[[]string]
	DenySubforums    input.Field[[]string]
	KeywordsPerSweep input.Field[int]
}

// ParsePatch reads the body of PATCH /sites/{site_id}/forum and checks
// every rule that does not depend on the site (spec 4.8).
func ParsePatch(o *input.Object) (Patch, error) {
	var p Patch
	p.Enabled = o.Bool("enabled")
	p.SweepEnabled = o.Bool("sweep_enabled")
	p.DisclosureLine = o.NullableString("disclosure_line", input.SingleLine, func(s string) string {
		if s == "" {
			return ""
		}
		return input.Len(MinDisclosure, MaxDisclosure)(s)
	})
	p.Niche = o.NullableString("niche", input.SingleLine, input.MaxLen(MaxNiche))
	p.Tone = o.NullableString("tone", input.SingleLine, input.MaxLen(MaxTone))
	p.TopicTags = tagList(o, "topic_tags")
	p.AllowSubforums = subforumList(o, "allow_subforums")
	p.DenySubforums = subforumList(o, "deny_subforums")
	p.MaxLinksPerReply = intField(o, "max_links_per_reply", 0, 1)
	p.KeywordsPerSweep = intField(o, "keywords_per_sweep", 1, MaxKeywordsPerSweep)
	return p, o.Err()
}

// intField reads an integer that may be sent but never null.
func intField(o *input.Object, name string, min, max int) input.Field[int] {
	if !o.Has(name) {
		return input.Field[int]{}
	}
	if o.IsNull(name) {
		o.Problem(name, "cannot be null")
		return input.Field[int]{}
	}
	n, ok := o.Int(name, true, min, max)
	return input.Field[int]{Sent: ok, Value: n}
}

// tagList reads topic tags: at most 12, 2 to 40 characters each, repeats
// (ignoring case) dropped.
func tagList(o *input.Object, name string) input.Field[[]string] {
	f := o.Strings(name, MaxTopicTags, input.SingleLine, input.Len(MinTopicTag, MaxTopicTag))
	if f.Sent {
		f.Value = distinct(f.Value)
	}
	return f
}

// subforumName is a subforum name without its prefix: 1 to 50 letters,
// digits, underscores or hyphens (spec 4.8), in any order.
var subforumName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_-]{1,50}$`) })

// subforumList reads a list of at most 50 subforum names.
func subforumList(o *input.Object, name string) input.Field[[]string] {
	f := o.Strings(name, MaxSubforums, func(s string) string {
		switch {
		case strings.HasPrefix(strings.ToLower(s), "r/"), strings.HasPrefix(s, "/"):
			return fmt.Sprintf("must be a bare subforum name without a prefix: send %q, not %q", strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(s, "/"), "r/"), "R/"), s)
		case !subforumName().MatchString(s):
			return "must be a subforum name of 1 to 50 letters, digits, underscores or hyphens"
		}
		return ""
	})
	if f.Sent {
		f.Value = distinct(f.Value)
	}
	return f
}

// distinct drops empty values and repeats, ignoring case, keeping order.
func distinct(list []string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, v := range list {
		k := strings.ToLower(v)
		if v != "" && !seen[k] {
			seen[k] = true
			out = append(out, v)
		}
	}
	return out
}
