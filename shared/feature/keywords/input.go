package keywords

import (
	"strings"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/model"
)

// Limits of keyword fields (spec 4.6).
const (
	MinName = 2
	MaxName = model.MaxKeywordName
	MaxTag  = model.MaxKeywordTag
	// MaxSearchVolume bounds search_volume.
	MaxSearchVolume = maxVolume
)

// Draft is what POST /sites/{site_id}/keywords takes, validated.
type Draft struct {
	Name         string  // lowercase, whitespace collapsed
	Intent       *string // canonical, or nil
	SearchVolume int
	Tag          *string // nil when absent or empty (invisible characters dropped)
	Trend        string  // canonical; Steady when absent
}

// ParseDraft reads the body of POST /sites/{site_id}/keywords. Intent and
// trend are matched ignoring case and stored in the spec's spelling.
func ParseDraft(o *input.Object) (Draft, error) {
	d := Draft{Trend: model.TrendSteady}
	// One line like every other name: a control character (tabs and line
	// breaks too) is refused; runs of spaces collapse to one.
	d.Name, _ = o.String("name", true, input.SingleLine, func(s string) string {
		return input.Len(MinName, MaxName)(model.NormalKeyword(s))
	})
	d.Name = model.NormalKeyword(d.Name)
	if v, ok := o.String("intent", false, oneOf(model.Intents)); ok && v != "" {
		c, _ := model.Canonical(v, model.Intents)
		d.Intent = &c
	}
	d.SearchVolume, _ = o.Int("search_volume", false, 0, maxVolume)
	if v, ok := o.String("tag", false, input.SingleLine, input.MaxLen(MaxTag)); ok {
		if v = strings.TrimSpace(model.DropInvisible(v)); v != "" {
			d.Tag = &v
		}
	}
	if v, ok := o.String("trend", false, oneOf(model.Trends)); ok && v != "" {
		d.Trend, _ = model.Canonical(v, model.Trends)
	}
	return d, o.Err()
}

// oneOf checks that a string names one of allowed, ignoring case; "" is
// left to the caller (absent).
func oneOf(allowed []string) input.Check {
	return func(s string) string {
		if _, ok := model.Canonical(s, allowed); ok || s == "" {
			return ""
		}
		return "must be one of " + strings.Join(allowed, ", ")
	}
}

// ParseSource reads the optional source filter of GET
// /sites/{site_id}/keywords: "" (every keyword), library or discovered.
func ParseSource(v string) (string, error) {
	switch v {
	case "", SourceLibrary, SourceDiscovered:
		return v, nil
	}
	return "", apperr.Invalid(apperr.Problem{Field: "source", Problem: "must be library or discovered"})
}
