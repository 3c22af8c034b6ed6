package compose

import (
	"context"

	"rvcontent/shared/feature/scheduler"
	"rvcontent/shared/platform/mail"
)

// wireMail wires the mail outbox (shared/mail.Spool): every email a change
// owes is written in the change's transaction and sent right after the
// commit through Deps.Mailer (SES, or the dev inbox), and the scheduled
// sweep sends what that left behind. It registers the account and
// credential mails; the features that send other mails register their
// kinds where they wire their services. It runs before them.
func (a *App) wireMail() {
	a.Mail = &mail.Spool{Table: a.Table, Clock: a.Clock, Sender: a.Mailer}
	a.Accounts.Mail = a.Mail
	a.Credentials.Mail = a.Mail
	a.Mail.Register(a.Accounts.MailTemplates())
	a.Mail.Register(a.Credentials.MailTemplates())
	a.Scheduler.Tasks = append(a.Scheduler.Tasks, scheduler.Task{
		Name: "mail.outbox",
		Run:  func(ctx context.Context) error { _, err := a.Mail.Sweep(ctx); return err },
	})
}
