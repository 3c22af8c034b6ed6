package editing

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/kernel/input"
)

// Draft is what POST /sites/{site_id}/articles takes, validated: a new
// article's fields and its Markdown body, if any.
type Draft struct {
	articles.Draft
	BodyMarkdown string
	body         Body // its rendering, made by the size check
}

// ParseDraft reads the body of POST /sites/{site_id}/articles.
func ParseDraft(o *input.Object) (Draft, error) {
	var d Draft
	d.Title, _ = o.String("title", true, input.SingleLine, input.Len(1, articles.MaxTitle))
	d.Description, _ = o.String("description", false, input.MultiLine, input.MaxLen(articles.MaxDescription))
	if v, ok := o.String("keyword", false, input.SingleLine, input.Len(articles.MinKeyword, articles.MaxKeyword)); ok {
		d.Keyword = &v
	}
	d.Tags = tags(o)
	d.Status = articles.StatusOpportunity
	if f := o.Enum("status", articles.StatusOpportunity, articles.StatusScheduled); f.Sent && !f.Null {
		d.Status = f.Value
	}
	if f := o.NullableString("scheduled_for", day); f.Sent && !f.Null {
		d.ScheduledFor = &f.Value
	}
	d.BodyMarkdown, _ = o.String("body_markdown", false, input.MaxLen(articles.MaxBody), noImages, rendered(&d.body))
	return d, o.Err()
}

// Patch is what PATCH /sites/{site_id}/articles/{article_id} takes: only
// sent fields change, null clears a nullable one.
type Patch struct {
	Title        input.Field[string]
	Description  input.Field[string]
	Keyword      input.Field[string]
	Tags         input.Field[[]string]
	Status       input.Field[string]
	ScheduledFor input.Field[string]
	BodyMarkdown input.Field[string]
	body         Body // its rendering, made by the size check
}

// ParsePatch reads the body of PATCH /sites/{site_id}/articles/{article_id}.
func ParsePatch(o *input.Object) (Patch, error) {
	var p Patch
	p.Title = o.NullableString("title", input.SingleLine, input.Len(1, articles.MaxTitle))
	if p.Title.Null {
		o.Problem("title", "cannot be null")
	}
	p.Description = o.NullableString("description", input.MultiLine, input.MaxLen(articles.MaxDescription))
	p.Keyword = o.NullableString("keyword", input.SingleLine, input.Len(articles.MinKeyword, articles.MaxKeyword))
	if o.Has("tags") {
		p.Tags = input.Field[[]string]{Sent: true, Value: tags(o)}
	}
	p.Status = o.Enum("status", articles.StatusOpportunity, articles.StatusScheduled)
	if p.Status.Null {
		o.Problem("status", "cannot be null")
	}
	p.ScheduledFor = o.NullableString("scheduled_for", day)
	p.BodyMarkdown = o.NullableString("body_markdown", input.MaxLen(articles.MaxBody), noImages, rendered(&p.body))
	return p, o.Err()
}

// tags reads the "tags" list: at most articles.MaxTags once duplicates
// (ignoring case as Unicode case folding does, so a Greek word's capitals,
// whose Σ is its final ς, are the same tag; the first spelling stays) are
// dropped, as the limit is on the tags the article has.
func tags(o *input.Object) []string {
	f := o.Strings("tags", articles.MaxTagItems, input.SingleLine, input.Len(1, articles.MaxTag))
	out := []string{}
	for _, t := range f.Value {
		if t != "" && !slices.ContainsFunc(out, func(kept string) bool { return strings.EqualFold(kept, t) }) {
			out = append(out, t)
		}
	}
	if len(out) > articles.MaxTags {
		o.Problem("tags", fmt.Sprintf("must have at most %d different tags (duplicates, ignoring case, count once)", articles.MaxTags))
	}
	return out
}

// day checks a calendar day, YYYY-MM-DD.
func day(s string) string {
	if _, err := time.Parse("2006-01-02", s); err != nil {
		return "must be a calendar day as YYYY-MM-DD"
	}
	return ""
}

// rendering returns the body's rendering: the size check's, or a new one
// for a body that was not checked (a Draft made in code).
func (d Draft) rendering() Body { return reuse(d.body, d.BodyMarkdown) }

// rendering returns the sent body's rendering ("" for null): the size
// check's, or a new one for a body that was not checked.
func (p Patch) rendering() Body { return reuse(p.body, p.BodyMarkdown.Value) }

// reuse returns b when it renders md, else md rendered.
func reuse(b Body, md string) Body {
	if b.Markdown == md && (md == "" || b.HTML != "") {
		return b
	}
	return Render(md)
}
