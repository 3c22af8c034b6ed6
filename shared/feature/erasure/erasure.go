// Package erasure deletes an account for its signed-in owner (DELETE
// /account from the dashboard). Deleting is immediate and final:
//
//   - at once, in the request: the account becomes a tombstone without the
//     owner's data, its email address is released, every agent key, app
//     connection (with its refresh token), site key and owner session stops
//     working, webhook endpoints are deleted (nothing more is delivered),
//     one last email is written to the mail outbox, and the erase job is
//     queued;
//   - within seconds, in the erase job: the subscription is cancelled at
//     the processor with nothing more charged (no final invoice, no
//     proration), the backlink placements shared with other members end as
//     the exchange ends them (their credits and articles stay right), and
//     every item of the account and its sites is deleted;
//   - a second pass of the job, SecondPass later, deletes what work that was
//     already running when the account was deleted wrote meanwhile.
//
// The tombstone keeps only the account id and the time of deletion, and
// leaves the table after accounts.TombstoneLifetime. Everything is gone
// from the table within Window; the table's point-in-time recovery keeps
// backups 35 days.
package erasure

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/mail"
)

// Kind is the erase job's kind.
const Kind = "account.erase"

// Window is how long after the deletion the account's data may remain in
// the table at most.
const Window = time.Hour

// SecondPass is when the erase job runs its second pass.
const SecondPass = 15 * time.Minute

// FinalMail is the kind of the last email to the owner.
const FinalMail = "erasure.final"

// Service deletes accounts for their owners (the accounts function).
type Service struct {
	Table *dynamo.Table
	Clock clock.Clock
	Jobs  *jobs.Enqueuer
	// Mail is the mail outbox the final email goes through.
	Mail *mail.Spool
}

// jobInput is the erase job's input.
type jobInput struct {
	// Pass is 1 for the first pass, 2 for the second.
	Pass int `json:"pass"`
	// Retry counts the jobs that started the pass again after one was
	// given up (see Runner.GiveUp).
	Retry int `json:"retry,omitempty"`
}

// Given up: a pass whose every attempt failed (the processor or the table
// not answering) starts again RetryGivenUp later, up to MaxRetries times,
// since an erase must end: a subscription left at the processor would go
// on charging, and the account's data must leave the table.
const (
	RetryGivenUp = 15 * time.Minute
	MaxRetries   = 96 // a day
)

// Erase deletes account accountID (see the package comment for what
// happens at once and what follows). Deleting an account that is already
// gone answers not_found.
func (s *Service) Erase(ctx context.Context, accountID string) (accounts.Erased, error) {
	a, err := accounts.Owners{Table: s.Table}.Get(ctx, accountID)
	if err != nil {
		return accounts.Erased{}, err
	}
	now := s.Clock.Now()
	res := accounts.Erased{Deleted: true, ID: a.ID, DataRemovedBy: clock.Format(now.Add(Window))}
	tx := &dynamo.Tx{}
	accounts.Delete(tx, a, now)
	s.Jobs.Add(tx, a.ID, "", Kind, jobInput{Pass: 1})
	s.Mail.Add(tx, finalMail(a, res.DataRemovedBy).RenderedBy(s.MailTemplates()))
	if err := s.Table.Commit(ctx, tx, res); err != nil {
		if dynamo.FailedOn(err, "account") {
			return accounts.Erased{}, accounts.ErrNotFound // deleted by a concurrent request
		}
		return accounts.Erased{}, apperr.Wrap("erasure.Erase", err)
	}
	if err := revoke(ctx, s.Table, a.ID); err != nil {
		// The erase job revokes again within seconds.
		slog.ErrorContext(ctx, "revoke the deleted account's credentials", "account_id", a.ID, "err", err)
	}
	return res, nil
}

// finalMail is the last email to the owner of deleted account a. It keeps
// the account's billing status, so the mail says whether a subscription was
// cancelled.
func finalMail(a accounts.Account, removedBy string) mail.Mail {
	return mail.Mail{Kind: FinalMail, AccountID: a.ID, Params: map[string]string{
		"to": a.Email, "removed_by": removedBy, "billing_status": a.BillingStatus,
	}}
}

// MailTemplates returns the renderer of the final email, for the mail
// outbox.
func (s *Service) MailTemplates() map[string]mail.Template {
	return map[string]mail.Template{FinalMail: {Render: renderFinal}}
}

func renderFinal(_ context.Context, m mail.Pending) (mail.Message, error) {
	by := mail.Time(m.Param("removed_by"))
	// A mail queued before the billing status was kept has none: it says
	// the subscription is cancelled, as it always did.
	billing := "The subscription is cancelled: nothing more is charged.\n"
	if m.Param("billing_status") == accounts.BillingNone {
		billing = "The account had no subscription: nothing is charged.\n"
	}
	text := fmt.Sprintf("Your account (%s) was deleted by its signed-in owner.\n\n"+
		"%s"+
		"Every agent key, connected app and site key stopped working, and every webhook endpoint was removed.\n"+
		"Sites, articles, keywords, backlinks, forum drafts, billing records, events and the activity log are erased by %s; backups keep them up to 35 more days.\n"+
		"Articles already published on your websites stay there.\n\n"+
		"This is the last email about this account. The address can start a new account at any time.\n", m.Param("to"), billing, by)
	return mail.Message{To: m.Param("to"), Subject: "Your account was deleted", Text: text}, nil
}

// errGone is the erase job's answer for an account that is not deleted:
// nothing to erase.
var errGone = errors.New("erasure: the account is not deleted")
