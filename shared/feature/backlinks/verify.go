package backlinks

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// errNoDomain refuses a check before a domain is set.
var errNoDomain = apperr.New(apperr.Conflict, "This site has no domain to verify. Set one with POST /sites/{site_id}/backlinks/domain first.")

// Verify checks the three proofs of the caller's site's domain now (POST
// /sites/{site_id}/backlinks/domain/verify) and returns the verification
// with checks. It counts toward the account's AI rate limit. Any proof
// found makes the domain verified (verified_at is set when it was not
// verified before); when none is found a verified domain goes to verifying
// (it is confirmed again at the next scheduled re-check) and other
// statuses stay. Errors: not_found; conflict before a domain is set or
// when the domain changed during the check; rate_limited. Another write of
// the settings during the check (a second check of the same domain, a
// settings PATCH) is no conflict: the check's result is applied to the
// settings as they are now, as long as the domain and its token are the
// ones checked.
func (s *Service) Verify(ctx context.Context, siteID string) (Verification, error) {
	who, _, err := s.site(ctx, siteID)
	if err != nil {
		return Verification{}, err
	}
	set, err := s.loadSettings(ctx, who.AccountID, siteID)
	if err != nil {
		return Verification{}, err
	}
	if set.Domain == nil {
		return Verification{}, errNoDomain
	}
	if _, err := s.AI.Take(ctx, who.AccountID); err != nil {
		return Verification{}, err
	}
	domain, token := set.domain(), set.Token
	checks := s.runChecks(ctx, domain, token)
	give := time.Now().Add(checkWriteFor)
	for try := 1; ; try++ {
		now := s.Clock.Now()
		applyCheck(&set, checks, now, false)
		v := set.verification(checks)
		tx := &dynamo.Tx{}
		putSettings(tx, &set)
		activity.Record(tx, now, who, activity.Change{
			Action: "backlinks.domain_checked", SiteID: siteID, Resource: activity.Resource{Type: "backlinks", ID: siteID},
			Summary: fmt.Sprintf("Domain %s checked: %s", set.domain(), set.status()),
		})
		err = s.Table.Commit(ctx, tx, v)
		if !dynamo.LostRace(err, "settings") {
			if err != nil {
				return Verification{}, apperr.Wrap("backlinks.Verify", err)
			}
			return v, nil
		}
		if time.Now().After(give) {
			return Verification{}, errBusy
		}
		if err := backoff.Pause(ctx, try, backoff.LongestPause); err != nil {
			return Verification{}, apperr.Wrap("backlinks.Verify", err)
		}
		if set, err = s.loadSettings(ctx, who.AccountID, siteID); err != nil {
			return Verification{}, err
		}
		if set.domain() != domain || set.Token != token {
			return Verification{}, errDomainChanged
		}
	}
}

// checkWriteFor is how long a check whose write raced other writes of the
// settings is written again (after each race a backoff.Pause): the check
// itself ran and took its AI call, so its result is not thrown away for a
// race the caller cannot help.
const checkWriteFor = 5 * time.Second

// errDomainChanged answers a check whose domain was replaced while it ran.
var errDomainChanged = apperr.New(apperr.Conflict, "The domain settings changed while the domain was checked. Check again.")

// applyCheck moves the domain status after a check at now. A proof found:
// verified (verified_at set unless the domain was already verified or
// verifying), failures reset, next re-check in DomainRecheck. No proof,
// on a scheduled re-check: verified → verifying, and after
// FailuresToSuspend failures in a row → suspended; re-checked after
// DomainRetry (DomainRecheck once suspended). No proof, on a manual check:
// verified → verifying (re-checked after DomainRetry); other statuses stay.
func applyCheck(set *settingsItem, checks []Check, now time.Time, scheduled bool) {
	at := clock.Format(now)
	set.Checks, set.CheckedAt = checks, &at
	prev := set.status()
	if anyOK(checks) {
		if prev != DomainVerified && prev != DomainVerifying {
			set.VerifiedAt = &at
		}
		set.setStatus(DomainVerified)
		set.Failures = 0
		set.scheduleRecheck(now, DomainRecheck)
		return
	}
	if !scheduled {
		if prev == DomainVerified {
			set.setStatus(DomainVerifying)
			set.scheduleRecheck(now, DomainRetry)
		}
		return
	}
	set.Failures++
	switch {
	case set.Failures >= FailuresToSuspend:
		set.setStatus(DomainSuspended)
		set.scheduleRecheck(now, DomainRecheck)
	case prev == DomainSuspended:
		set.scheduleRecheck(now, DomainRecheck)
	default:
		set.setStatus(DomainVerifying)
		set.scheduleRecheck(now, DomainRetry)
	}
}

// recheckBatch bounds the domains one scheduled run re-checks.
const recheckBatch = 25

// RecheckDomains re-checks every domain whose scheduled re-check is due
// (a scheduled task; safe to run again). Scheduled re-checks do not count
// toward the AI rate limit.
func (s *Service) RecheckDomains(ctx context.Context) error {
	due, err := dynamo.Due[settingsItem](ctx, s.Table, domainRecheckKind, clock.SortKey(s.Clock.Now())+"~", recheckBatch)
	if err != nil {
		return err
	}
	var errs []error
	for _, d := range due {
		if err := s.recheck(ctx, d.AccountID, d.SiteID); err != nil {
			slog.ErrorContext(ctx, "re-check a backlink domain", "site_id", d.SiteID, "err", err)
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// recheck re-checks one site's domain, read again (consistently) so a
// change since the index was read wins.
func (s *Service) recheck(ctx context.Context, accountID, siteID string) error {
	set, err := s.loadSettings(ctx, accountID, siteID)
	if err != nil {
		return err
	}
	now := s.Clock.Now()
	due, err := clock.Parse(set.NextRecheckAt)
	if set.Domain == nil || set.status() == DomainUnverified || err != nil || due.After(now) {
		return nil
	}
	checks := s.runChecks(ctx, set.domain(), set.Token)
	before := set.status()
	applyCheck(&set, checks, s.Clock.Now(), true)
	tx := &dynamo.Tx{}
	putSettings(tx, &set)
	if before != set.status() {
		activity.Record(tx, now, auth.Service(accountID, serviceActor), activity.Change{
			Action: "backlinks.domain_checked", SiteID: siteID, Resource: activity.Resource{Type: "backlinks", ID: siteID},
			Summary: fmt.Sprintf("Scheduled re-check of domain %s: %s", set.domain(), set.status()),
		})
	}
	err = s.Table.Commit(ctx, tx, nil)
	if dynamo.LostRace(err, "settings") {
		return nil // changed meanwhile; the next run sees the new state
	}
	return err
}
