package sites

import (
	"strings"
	"unicode/utf8"

	"rvcontent/shared/kernel/input"
	"rvcontent/shared/kernel/weburl"
)

// Limits of PATCH /sites/{site_id} (spec 4.5).
const (
	MaxBrandName          = 120
	MaxWebsiteURL         = weburl.MaxLen
	MaxProductDescription = 2000
	MaxAvatarURL          = weburl.MaxLen
	MaxTone               = 80
	MaxWritingStyle       = 80
	MaxWritingAudience    = 160
	MaxBrandVoice         = 4000
)

// Patch is a checked PATCH /sites/{site_id} body. Only sent fields change;
// a Field sent as null (or, for optional texts, as "") clears the value.
type Patch struct {
	BrandName          input.Field[string]
	WebsiteURL         input.Field[string]
	ProductDescription input.Field[string]
	AvatarURL          input.Field[string]
	Tone               input.Field[string]
	WritingStyle       input.Field[string]
	Audience           input.Field[string]
	BrandVoice         input.Field[string]
}

// ParsePatch reads and checks a PATCH body, reporting every invalid field:
// brand_name 1 to 120 characters; website_url a public http(s) URL;
// product_description at most 2,000; avatar_url a public https URL or
// null; writing.tone and writing.writing_style at most 80,
// writing.audience at most 160, writing.brand_voice at most 4,000 once
// its rules are one per line (blank lines dropped, each line trimmed).
// brand_name and website_url cannot be cleared. One-line fields refuse
// control characters (input.SingleLine); product_description and
// brand_voice keep line breaks (input.MultiLine).
func ParsePatch(o *input.Object) (Patch, error) {
	var p Patch
	p.BrandName = required(o, "brand_name", "must be a string of 1 to 120 characters", input.SingleLine, input.Len(1, MaxBrandName))
	p.WebsiteURL = required(o, "website_url", "must be a public http or https URL", input.MaxLen(MaxWebsiteURL), weburl.Check(false))
	p.ProductDescription = optional(o, "product_description", input.MultiLine, input.MaxLen(MaxProductDescription))
	p.AvatarURL = o.NullableString("avatar_url", input.MaxLen(MaxAvatarURL), weburl.Check(true))
	if o.IsNull("writing") {
		o.Problem("writing", "cannot be null: send the writing fields to clear, each as null")
	} else if o.Has("writing") {
		w := o.Object("writing")
		p.Tone = optional(w, "tone", input.SingleLine, input.MaxLen(MaxTone))
		p.WritingStyle = optional(w, "writing_style", input.SingleLine, input.MaxLen(MaxWritingStyle))
		p.Audience = optional(w, "audience", input.SingleLine, input.MaxLen(MaxWritingAudience))
		p.BrandVoice = optional(w, "brand_voice", input.MultiLine)
		if p.BrandVoice.Sent && !p.BrandVoice.Null {
			p.BrandVoice.Value = Rules(p.BrandVoice.Value)
			if utf8.RuneCountInString(p.BrandVoice.Value) > MaxBrandVoice {
				w.Problem("brand_voice", "must be at most 4000 characters")
			}
			p.BrandVoice.Null = p.BrandVoice.Value == ""
		}
	}
	return p, o.Err()
}

// required reads a string field that may change but not be cleared.
func required(o *input.Object, name, nullProblem string, checks ...input.Check) input.Field[string] {
	f := o.NullableString(name, checks...)
	if f.Null {
		o.Problem(name, nullProblem)
	}
	return f
}

// optional reads a string field that null or "" clears.
func optional(o *input.Object, name string, checks ...input.Check) input.Field[string] {
	f := o.NullableString(name, checks...)
	if f.Sent && f.Value == "" {
		f.Null = true
	}
	return f
}

// Rules normalises brand voice house rules to one per line: line breaks
// unified, each line trimmed, blank lines dropped.
func Rules(s string) string {
	var out []string
	for _, l := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		if l = strings.TrimSpace(strings.TrimSuffix(l, "\r")); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// change is one attribute a patch writes.
type change struct {
	field string // API name, for the activity summary and user_set
	path  []string
	value *string // nil: null
}

// changes lists what p writes, in API order.
func (p Patch) changes() []change {
	var out []change
	add := func(f input.Field[string], field string, path ...string) {
		if !f.Sent {
			return
		}
		var v *string
		if !f.Null {
			s := f.Value
			v = &s
		}
		out = append(out, change{field: field, path: path, value: v})
	}
	add(p.BrandName, FieldBrandName, "brand_name")
	add(p.WebsiteURL, "website_url", "website_url")
	add(p.ProductDescription, FieldProductDescription, "product_description")
	add(p.AvatarURL, FieldAvatarURL, "avatar_url")
	add(p.Tone, "writing.tone", "writing", "tone")
	add(p.WritingStyle, "writing.writing_style", "writing", "writing_style")
	add(p.Audience, "writing.audience", "writing", "audience")
	add(p.BrandVoice, "writing.brand_voice", "writing", "brand_voice")
	return out
}

// userSet returns the brand fields the user has set after p: a brand field
// given a value becomes the user's, one cleared goes back to the scan.
func (p Patch) userSet(before []string) []string {
	set := map[string]bool{}
	for _, f := range before {
		set[f] = true
	}
	for _, c := range p.changes() {
		if !isBrandField(c.field) {
			continue
		}
		set[c.field] = c.value != nil
	}
	var out []string
	for _, f := range BrandFields {
		if set[f] {
			out = append(out, f)
		}
	}
	return out
}

func isBrandField(name string) bool {
	for _, f := range BrandFields {
		if f == name {
			return true
		}
	}
	return false
}
