package forum

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"rvcontent/shared/kernel/nouns"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/model"
)

// ParseDraftRequest reads the body of POST .../threads/{thread_id}/drafts:
// optional instructions of at most 500 characters.
func ParseDraftRequest(o *input.Object) (string, error) {
	v, _ := o.String("instructions", false, input.MultiLine, input.MaxLen(MaxInstructions))
	return v, o.Err()
}

// WriteDraft drafts a reply to the caller's site's thread, or rewrites its
// draft (spec 4.8). The first draft costs one forum reply credit; each of
// at most three rewrites costs one, except the first rewrite of a draft
// that failed a compliance check, which is free. The thread is read again
// from the forum first: one that became locked, archived or removed is
// marked dead and refused. The credit is taken in the transaction that
// stores the finished draft, so a draft the model refuses or fails to
// write costs nothing. The thread moves to drafted (from new or saved).
// Errors: not_found; conflict for a blocked, dismissed or posted thread,
// a forum thread another site of the account recorded its reply in (one
// reply per thread per account), a site without a brand name, after three
// rewrites, or a model refusal;
// insufficient_credits; unavailable when the model failed.
func (s *Service) WriteDraft(ctx context.Context, siteID, threadID, instructions string) (Draft, error) {
	p, site, err := s.site(ctx, siteID)
	if err != nil {
		return Draft{}, err
	}
	// The thread is looked up first: an unknown (or another account's)
	// thread answers not_found whatever the site's state (spec 4.1).
	th, err := s.getThread(ctx, siteID, threadID)
	if err != nil {
		return Draft{}, err
	}
	brand := brandOf(site)
	if brand == "" {
		return Draft{}, apperr.New(apperr.Conflict, "Drafts name the brand, and this site has none: set brand_name with PATCH /sites/{site_id} first.")
	}
	st, _, err := s.loadSettings(ctx, p.AccountID, siteID)
	if err != nil {
		return Draft{}, err
	}
	if th.taken() {
		// Another site's reply took the thread; once that reply is
		// withdrawn the thread is open again.
		switch replied, err := s.replied(ctx, p.AccountID, th.Info.ForumID); {
		case err != nil:
			return Draft{}, err
		case replied:
			return Draft{}, errRepliedElsewhere
		}
		if th, err = s.reopen(ctx, th); err != nil {
			return Draft{}, err
		}
	}
	if err := draftable(th); err != nil {
		return Draft{}, err
	}
	replied, err := s.replied(ctx, p.AccountID, th.Info.ForumID)
	if err != nil {
		return Draft{}, err
	}
	if replied {
		return Draft{}, errRepliedElsewhere
	}
	th, text, err := s.refresh(ctx, th, st)
	if err != nil {
		return Draft{}, err
	}
	var prev *draftItem
	if th.Draft != nil {
		d, err := s.getDraft(ctx, siteID, th.Draft.ID)
		if err != nil {
			return Draft{}, err
		}
		prev = &d
	}
	cost, err := draftCost(prev)
	if err != nil {
		return Draft{}, err
	}
	if cost > 0 {
		if err := s.haveCredit(ctx, p.AccountID, siteID); err != nil {
			return Draft{}, err
		}
	}
	in := s.replyInput(ctx, site, st, th, text, instructions, prev)
	out, err := s.write(ctx, in)
	if err != nil {
		return Draft{}, err
	}
	d := s.nextDraft(th, prev, out.Body, cost, st, brand)
	th.Draft = d.ref()
	if th.Status == StatusNew || th.Status == StatusSaved {
		th.Status = StatusDrafted
	}
	return d, s.saveDraft(ctx, p, th, text, prev, d, cost)
}

func brandOf(site sites.Site) string {
	if site.BrandName == nil {
		return ""
	}
	return *site.BrandName
}

// errRepliedElsewhere refuses a draft of a forum thread another site of
// the account already recorded its reply in: one reply per forum thread
// per account, so a draft there could never be recorded.
var errRepliedElsewhere = apperr.New(apperr.Conflict, "Another site of this account already recorded its reply in this forum thread; only one reply per thread per account is allowed, so no draft was written and no credit spent.")

// draftable refuses threads that take no draft.
func draftable(th threadItem) error {
	switch {
	case th.BlockedReason != nil:
		return apperr.Newf(apperr.Conflict, "This thread is blocked (%s): no reply belongs there, so it cannot be drafted.", *th.BlockedReason)
	case th.Status == StatusPosted:
		return apperr.New(apperr.Conflict, "A reply to this thread is already recorded.")
	case th.Status == StatusDismissed:
		return apperr.New(apperr.Conflict, "This thread is dismissed; restore it (PATCH status new) before drafting.")
	}
	return nil
}

// draftCost returns what the next draft of a thread costs: 1 for the first
// draft and for rewrites, 0 for the first rewrite of a draft that failed a
// compliance check; conflict after MaxRewrites rewrites.
func draftCost(prev *draftItem) (int, error) {
	switch {
	case prev == nil:
		return 1, nil
	case prev.RegenCount >= MaxRewrites:
		return 0, apperr.Newf(apperr.Conflict, "This draft was already rewritten %d times, the most a thread allows. Edit it with PATCH /sites/{site_id}/forum/drafts/{draft_id} instead.", MaxRewrites)
	case prev.RegenCount == 0 && !prev.Compliance.Pass:
		return 0, nil
	}
	return 1, nil
}

// haveCredit refuses early when the site has no forum reply credit left,
// so the model is not asked for a draft that cannot be paid for.
func (s *Service) haveCredit(ctx context.Context, accountID, siteID string) error {
	c, err := s.Credits.Get(ctx, accountID, siteID)
	if err != nil {
		return err
	}
	if c.ForumReplies.Balance < 1 {
		return errNoCredits
	}
	return nil
}

var errNoCredits = apperr.New(apperr.InsufficientCredits, "This site has used this period's forum reply credits. They reset at the start of the next billing period.")

// write asks the model for the draft.
func (s *Service) write(ctx context.Context, in model.ReplyInput) (model.ReplyDraft, error) {
	failed := apperr.New(apperr.Unavailable, "The model could not write a draft right now; no credit was spent. Try again in 30 seconds.")
	failed.RetryAfter = 30
	out, err := s.Drafter.DraftReply(ctx, in)
	var refusal *model.Refusal
	switch {
	case errors.As(err, &refusal):
		return model.ReplyDraft{}, apperr.Newf(apperr.Conflict, "The model declined to draft a reply to this thread (%s); no credit was spent.", refusal.Reason)
	case err != nil || out.Body == "":
		failed.Err = err
		return model.ReplyDraft{}, failed
	}
	return out, nil
}

// replyInput gathers what the model writes from.
func (s *Service) replyInput(ctx context.Context, site sites.Site, st settingsItem, th threadItem, text textItem, instructions string, prev *draftItem) model.ReplyInput {
	brand := brandOf(site)
	in := model.ReplyInput{
		Brand: brand, ProductDescription: deref(site.ProductDescription), Niche: deref(st.Niche), WebsiteURL: deref(site.WebsiteURL),
		Disclosure: st.disclosureFor(brand), Tone: st.tone(), MaxLinks: st.MaxLinksPerReply, Keyword: th.MatchedKeyword,
		Subforum: th.Info.Subforum, Title: th.Info.Title, Body: text.Body, Instructions: instructions, Avoid: BannedPhrases,
	}
	if in.Niche == "" && s.Scans != nil {
		if sc, err := s.Scans.LastCompleted(ctx, th.AccountID, site.ID); err == nil {
			in.Niche = sc.Analysis.Niche
		}
	}
	for _, c := range text.Comments {
		in.Comments = append(in.Comments, c.Body)
	}
	if prev != nil {
		in.Previous, in.Variant = prev.Text(), prev.RegenCount+1
		for _, c := range prev.Compliance.Checks {
			if c.State == CheckFail {
				in.Fix = append(in.Fix, c.ID)
			}
		}
	}
	return in
}

// nextDraft returns the new draft, or prev rewritten with body.
func (s *Service) nextDraft(th threadItem, prev *draftItem, body string, cost int, st settingsItem, brand string) Draft {
	now := clock.Format(s.Clock.Now())
	d := Draft{ID: ids.Sortable(), ThreadID: th.ID, CreatedAt: now}
	if prev != nil {
		d = prev.Draft
		d.RegenCount++
		now = nextUpdate(s.Clock.Now(), prev.UpdatedAt)
	}
	d.Body, d.EditedBody, d.UpdatedAt = body, nil, now
	d.CreditsSpent += cost
	d.Compliance = checkCompliance(complianceFor(d.Text(), st, brand, th))
	return d
}

// complianceFor returns the compliance input of text for a thread.
func complianceFor(text string, st settingsItem, brand string, th threadItem) complianceInput {
	return complianceInput{
		Text: text, Disclosure: st.disclosureFor(brand), Brand: brand, MaxLinks: st.MaxLinksPerReply,
		Title: th.Info.Title, Subforum: th.Info.Subforum, RulesKnown: th.RulesKnown, PromoBan: th.PromoBanned,
	}
}

// saveDraft stores the draft, its thread and the thread's text as read,
// taking cost credits in the same transaction, while no site of the
// account has recorded a reply in the forum thread.
func (s *Service) saveDraft(ctx context.Context, p auth.Principal, th threadItem, text textItem, prev *draftItem, d Draft, cost int) error {
	beforeThread := th.UpdatedAt
	effect := func(tx *dynamo.Tx, _ credits.Spent) (any, error) {
		it := draftItem{PK: dynamo.SitePK(th.SiteID), SK: dynamo.ForumDraftSK(d.ID), Draft: d, AccountID: th.AccountID, SiteID: th.SiteID}
		action, summary := "forum.draft_created", "Reply drafted for forum thread "+nouns.Quoted(th.Info.Title)
		if prev == nil {
			tx.PutNew("draft", it)
		} else {
			action, summary = "forum.draft_rewritten", fmt.Sprintf("Reply draft rewritten (%d of %d) for forum thread %s", d.RegenCount, MaxRewrites, nouns.Quoted(th.Info.Title))
			tx.Put("draft", it, "regen_count = :n", map[string]types.AttributeValue{":n": &types.AttributeValueMemberN{Value: strconv.Itoa(prev.RegenCount)}})
		}
		putText(tx, s.putThread(tx, beforeThread, th), text)
		noClaim(tx, th)
		record(tx, s.Clock.Now(), p, th.SiteID, action, "forum_draft", d.ID, summary)
		return d, nil
	}
	var err error
	if cost > 0 {
		_, err = s.Credits.Spend(ctx, credits.SpendRequest{AccountID: p.AccountID, SiteID: th.SiteID, Kind: credits.ForumReplies, N: cost}, effect)
	} else {
		tx := &dynamo.Tx{}
		if _, err = effect(tx, credits.Spent{}); err == nil {
			err = s.Table.Commit(ctx, tx, d)
		}
	}
	switch {
	case apperr.Is(err, apperr.InsufficientCredits):
		return errNoCredits
	case dynamo.FailedOn(err, "draft") || dynamo.FailedOn(err, "thread"):
		return errThreadChanged
	case dynamo.FailedOn(err, "claim"):
		return errRepliedElsewhere
	}
	return apperr.Wrap("forum.WriteDraft", err)
}

// errDraftRecorded refuses an edit of a draft whose reply is recorded.
var errDraftRecorded = apperr.New(apperr.Conflict, "The reply to this thread is recorded, so its draft keeps the text that was posted.")

// ParseDraftEdit reads the body of PATCH .../forum/drafts/{draft_id}:
// edited_body (at most 10,000 characters; null or "" goes back to the
// model's body).
func ParseDraftEdit(o *input.Object) (input.Field[string], error) {
	f := o.NullableString("edited_body", input.MultiLine, input.MaxLen(MaxEditedBody))
	if !f.Sent {
		o.Problem("edited_body", "is required (send null to go back to the drafted body)")
	}
	return f, o.Err()
}

// EditDraft sets or clears the edited body of the caller's site's draft and
// checks the text again; it is free. An edit that leaves the edited body
// and the checks as they are writes nothing and records no activity. Once
// the thread's reply is recorded (claimed or posted), the draft is the
// text the person posted and keeps it. Errors: not_found, conflict when
// the reply is recorded or the draft changed at the same moment. An edit
// commits with the draft it answers, so the request's answer is stored
// with it.
func (s *Service) EditDraft(ctx context.Context, siteID, draftID string, edited input.Field[string]) (Draft, error) {
	p, site, err := s.site(ctx, siteID)
	if err != nil {
		return Draft{}, err
	}
	it, err := s.getDraft(ctx, siteID, draftID)
	if err != nil {
		return Draft{}, err
	}
	st, _, err := s.loadSettings(ctx, p.AccountID, siteID)
	if err != nil {
		return Draft{}, err
	}
	th, err := s.getThread(ctx, siteID, it.ThreadID)
	if err != nil {
		return Draft{}, err
	}
	was := it.Draft
	before := it.UpdatedAt
	it.EditedBody = optional(edited.Value)
	it.Compliance = checkCompliance(complianceFor(it.Text(), st, brandOf(site), th))
	if deref(it.EditedBody) == deref(was.EditedBody) && it.Compliance.same(was.Compliance) {
		return was, nil
	}
	if th.Reply != nil {
		return Draft{}, errDraftRecorded
	}
	it.UpdatedAt = nextUpdate(s.Clock.Now(), before)
	beforeThread := th.UpdatedAt
	th.Draft = it.ref()
	tx := &dynamo.Tx{}
	tx.Put("draft", it, "updated_at = :old", map[string]types.AttributeValue{":old": &types.AttributeValueMemberS{Value: before}})
	s.putThread(tx, beforeThread, th)
	record(tx, s.Clock.Now(), p, siteID, "forum.draft_edited", "forum_draft", it.ID, "Reply draft edited for forum thread "+nouns.Quoted(th.Info.Title))
	err = s.Table.Commit(ctx, tx, it.Draft)
	if dynamo.FailedOn(err, "draft") || dynamo.FailedOn(err, "thread") {
		return Draft{}, errThreadChanged
	}
	if err != nil {
		return Draft{}, apperr.Wrap("forum.EditDraft", err)
	}
	return it.Draft, nil
}
