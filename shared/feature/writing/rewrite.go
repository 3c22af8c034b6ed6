package writing

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/articles/editing"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/model"
)

// Limits of a rewrite request.
const (
	MaxInstructions = 500
	MaxSectionName  = 200
	MaxPassage      = 20_000
)

// RewriteRequest is what POST .../rewrite-section takes: the passage, by
// Section (a heading of the body: the content under it up to the next
// heading of the same or a higher level) or by Text (an exact passage of
// the body, found once), what to change, and whether to apply the result
// to the article (default true) or only return it.
type RewriteRequest struct {
	Section      string
	Text         string
	Instructions string
	Apply        bool
}

// ParseRewrite reads the body of POST .../rewrite-section.
func ParseRewrite(o *input.Object) (RewriteRequest, error) {
	var r RewriteRequest
	r.Section, _ = o.String("section", false, input.SingleLine, input.Len(1, MaxSectionName))
	r.Text, _ = o.String("text", false, input.Len(1, MaxPassage))
	r.Instructions, _ = o.String("instructions", false, input.MultiLine, input.MaxLen(MaxInstructions))
	switch {
	case r.Section != "" && r.Text != "":
		o.Problem("section", "send either section or text, not both")
	case r.Section == "" && r.Text == "" && !sent(o, "section") && !sent(o, "text"):
		// (one sent but refused has its problem already)
		o.Problem("section", "is required: send section (a heading of the article's body) or text (a passage copied from it)")
	}
	r.Apply = true
	if f := o.Bool("apply"); f.Sent && !f.Null {
		r.Apply = f.Value
	}
	return r, o.Err()
}

// sent reports whether field name of o was sent with a value (null is
// none).
func sent(o *input.Object, name string) bool { return o.Has(name) && !o.IsNull(name) }

// Rewrite is a rewritten passage and the article it belongs to.
type Rewrite struct {
	Article articles.Article
	// Section is the heading whose content was rewritten, or nil for a
	// passage sent as text.
	Section *string
	Before  string
	After   string
	// Applied says whether the article's body now holds After.
	Applied bool
}

// Errors of RewriteSection.
var (
	errNothingToRewrite = apperr.New(apperr.Conflict, "The article has no body to rewrite yet. Write it with PATCH (body_markdown) or POST .../generate.")
	errModelUnavailable = &apperr.Error{Code: apperr.Unavailable, Message: "The passage could not be rewritten right now. Retry in a minute.", RetryAfter: 60}
)

// errRewriteImage refuses a rewrite that would put an image into the body
// (a model can write one, or turn image syntax quoted in code into one):
// articles carry text only. It names the field the passage was sent in.
func errRewriteImage(bySection bool) error {
	return apperr.Invalid(apperr.Problem{Field: passageField(bySection), Problem: "would hold an image once rewritten as instructed (a Markdown image or an <img> tag), and articles carry text only; change the instructions or the passage"})
}

// errRewriteTooLarge refuses a rewrite that would make the body too large
// to store (editing.MaxStoredBody), naming the field the passage was sent
// in; the body stays as it was.
func errRewriteTooLarge(bySection bool) error {
	return apperr.Invalid(apperr.Problem{Field: passageField(bySection), Problem: fmt.Sprintf("would make the article too large to store once rewritten (its Markdown and HTML may take at most %d bytes together as JSON); rewrite a shorter passage or ask for shorter text", editing.MaxStoredBody)})
}

// errRewriteBanned refuses a rewrite that the site's brand voice rules
// leave empty (model.ErrRulesLeaveNothing), naming the field the passage
// was sent in: a retry would answer the same.
func errRewriteBanned(bySection bool) error {
	return apperr.Invalid(apperr.Problem{Field: passageField(bySection), Problem: "has nothing left once rewritten: every sentence of it breaks a rule of the site's brand voice (writing.brand_voice); edit the passage yourself, or change the rule"})
}

// passageField names the field a passage was sent in.
func passageField(bySection bool) string {
	if bySection {
		return "section"
	}
	return "text"
}

// RewriteSection rewrites one passage of the caller's article with the
// site's writing settings and, when r.Apply, stores it in the body (a
// finished article's seo_score is recomputed and article.updated records
// the change). It spends no credit and counts toward the AI rate limit.
// Errors: not_found; validation_failed (passage not found, ambiguous, or
// rewritten with an image); conflict (no body, being written, the passage
// changed at the same moment); rate_limited; unavailable (the model did not
// answer).
func (s *Service) RewriteSection(ctx context.Context, p auth.Principal, siteID, id string, r RewriteRequest) (Rewrite, error) {
	site, err := s.Sites.Get(ctx, p.AccountID, siteID)
	if err != nil {
		return Rewrite{}, err
	}
	a, err := s.Articles.Get(ctx, siteID, id)
	if err != nil {
		return Rewrite{}, err
	}
	switch {
	case a.Status == articles.StatusGenerating:
		return Rewrite{}, errBeingWritten
	case !a.Written():
		return Rewrite{}, errNothingToRewrite
	}
	loc, err := locate(a.BodyMarkdown, r)
	if err != nil {
		return Rewrite{}, err
	}
	taken, err := s.AI.Take(ctx, p.AccountID)
	if err != nil {
		return Rewrite{}, err
	}
	before := loc.text(a.BodyMarkdown)
	after, err := s.Writer.RewritePassage(ctx, model.PassageBrief{
		Title: a.Title, Keyword: keywordOf(a), Brand: deref(site.BrandName), Passage: before, Instructions: r.Instructions,
		Tone: deref(site.Writing.Tone), WritingStyle: deref(site.Writing.WritingStyle), BrandVoice: Rules(deref(site.Writing.BrandVoice)),
	})
	if errors.Is(err, model.ErrRulesLeaveNothing) {
		_ = s.AI.Give(ctx, p.AccountID, taken)
		return Rewrite{}, errRewriteBanned(loc.section != "")
	}
	if err != nil || after == "" {
		_ = s.AI.Give(ctx, p.AccountID, taken)
		return Rewrite{}, errModelUnavailable
	}
	out := Rewrite{Article: a, Before: before, After: after}
	if loc.section != "" {
		h := loc.section
		out.Section = &h
	}
	body := loc.replace(a.BodyMarkdown, after)
	if editing.HasImages(body) && !editing.HasImages(a.BodyMarkdown) {
		_ = s.AI.Give(ctx, p.AccountID, taken)
		return Rewrite{}, errRewriteImage(loc.section != "")
	}
	rendered := editing.Render(body) // once, for the size check and the article
	if !rendered.Fits() {
		_ = s.AI.Give(ctx, p.AccountID, taken)
		return Rewrite{}, errRewriteTooLarge(loc.section != "")
	}
	if !r.Apply || body == a.BodyMarkdown || strings.TrimSpace(after) == before {
		// A passage that comes back as it was is a no-op: putting it back
		// could still change the white space around it (a line break at
		// the body's end), which is no change of the article's.
		out.Applied = r.Apply
		return out, nil
	}
	// The rewrite is this request's answer: it commits with the change, so
	// an idempotent retry after a crash replays it instead of rewriting the
	// already rewritten passage again. Another write of the article
	// meanwhile (a rewrite of another passage, a PATCH of its title) does
	// not undo it: the rewrite applies to the article as it is then, as
	// long as its passage still reads as it did.
	what := "a passage"
	if out.Section != nil {
		what = fmt.Sprintf("section %q", *out.Section)
	}
	for attempt := 1; ; attempt++ {
		prep, err := s.Articles.Prepare(ctx, siteID, id, func(x *articles.Article) error {
			if x.Status == articles.StatusGenerating {
				return articles.ErrChanged
			}
			now := rendered
			if x.BodyMarkdown != a.BodyMarkdown {
				again, err := locate(x.BodyMarkdown, r)
				if err != nil || again.text(x.BodyMarkdown) != before {
					return articles.ErrChanged // the passage itself changed
				}
				if now = editing.Render(again.replace(x.BodyMarkdown, after)); !now.Fits() {
					return errRewriteTooLarge(loc.section != "")
				}
			}
			editing.Set(x, now)
			if x.Status == articles.StatusFinished {
				editing.SetSEOScore(x, site)
			}
			return nil
		})
		if err != nil {
			return Rewrite{}, err
		}
		saved := prep.After
		tx := &dynamo.Tx{}
		prep.PutIn(tx)
		activity.Record(tx, s.Clock.Now(), p, activity.Change{
			Action: "article.section_rewritten", SiteID: siteID, Resource: activity.Resource{Type: "article", ID: id},
			Summary: fmt.Sprintf("Rewrote %s of %q", what, saved.Title),
		})
		if saved.Status == articles.StatusFinished {
			s.Events.Emit(tx, p.AccountID, siteID, "article.updated", map[string]any{"article": saved.WithoutBody(), "changed": []string{"body_markdown"}})
		}
		out.Article, out.Applied = saved, true
		err = s.Table.Commit(ctx, tx, out)
		switch {
		case err == nil:
			return out, nil
		case !articles.LostArticle(err):
			return Rewrite{}, apperr.Wrap("writing.RewriteSection", err)
		case attempt == backoff.Attempts:
			return Rewrite{}, articles.ErrChanged
		}
		if err := backoff.Pause(ctx, attempt, backoff.LongestPause); err != nil {
			return Rewrite{}, apperr.Wrap("writing.RewriteSection", err)
		}
	}
}

// locate finds the passage a request names.
func locate(body string, r RewriteRequest) (passage, error) {
	if r.Section != "" {
		return findSection(body, r.Section)
	}
	return findText(body, r.Text)
}
