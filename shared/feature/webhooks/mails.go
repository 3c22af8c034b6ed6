package webhooks

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/mail"
)

// The kinds of the owner's endpoint health notices (spec 4.10), sent
// through the mail outbox and written with the state change they report.
const (
	// FailingMail warns that every delivery has failed for WarnAfter.
	FailingMail = "webhooks.failing"
	// DisabledMail says the endpoint was disabled after DisableAfter.
	DisabledMail = "webhooks.disabled"
)

// MailTemplates returns the renderers of the health notices, for the mail
// outbox.
func (s *Service) MailTemplates() map[string]mail.Template {
	return map[string]mail.Template{
		FailingMail:  {Render: s.renderFailing},
		DisabledMail: {Render: s.renderDisabled},
	}
}

// healthMail is the notice of kind about failing endpoint it, whose run of
// failures started at since. The endpoint's address is stored as shown
// (without its query, which may hold a receiver's token); its times are
// stored as API timestamps and written as a person reads them (mail.Time)
// when the notice is rendered.
func healthMail(kind string, it item, since time.Time) mail.Mail {
	return mail.Mail{Kind: kind, AccountID: it.AccountID, Params: map[string]string{
		"webhook_id": it.ID, "url": display(it.URL), "failing_since": it.FailingSince,
		"last_answer": lastAnswer(it), "disable_at": clock.Format(since.Add(DisableAfter)),
	}}
}

func (s *Service) renderFailing(ctx context.Context, m mail.Pending) (mail.Message, error) {
	return s.healthMessage(ctx, m, "Webhook endpoint failing: "+m.Param("url"), fmt.Sprintf(
		"Every delivery to your webhook endpoint %s has failed since %s (%s).\n\n"+
			"If nothing gets through by %s, the endpoint will be disabled. Events stay readable through GET /events either way.\n",
		m.Param("url"), mail.Time(m.Param("failing_since")), m.Param("last_answer"), mail.Time(m.Param("disable_at"))))
}

func (s *Service) renderDisabled(ctx context.Context, m mail.Pending) (mail.Message, error) {
	id := m.Param("webhook_id")
	return s.healthMessage(ctx, m, "Webhook endpoint disabled: "+m.Param("url"), fmt.Sprintf(
		"Your webhook endpoint %s was disabled because every delivery to it failed for 3 days, since %s (%s).\n\n"+
			"No more events are sent to it; they stay readable through GET /events for 30 days.\n"+
			"Fix the endpoint, then test it and turn it back on, on its page below, or have your agent do it: "+
			"POST /api/agent/v1/webhooks/%s/test checks it, PATCH /api/agent/v1/webhooks/%s with {\"enabled\": true} turns it on.\n",
		m.Param("url"), mail.Time(m.Param("failing_since")), m.Param("last_answer"), id, id))
}

// healthMessage addresses a notice to the account's owner and adds the
// link to the endpoint's dashboard page (its delivery attempts with their
// errors, test and enable); a deleted account gets none.
func (s *Service) healthMessage(ctx context.Context, m mail.Pending, subject, text string) (mail.Message, error) {
	to, err := s.Owners.OwnerEmail(ctx, m.AccountID)
	if apperr.Is(err, apperr.NotFound) {
		return mail.Message{}, mail.ErrObsolete
	}
	if err != nil {
		return mail.Message{}, err
	}
	link := s.DashboardURL + "/settings/webhooks/" + url.PathEscape(m.Param("webhook_id"))
	text += "\nThe endpoint, its recent delivery attempts and their errors: " + link + "\n"
	return mail.Message{To: to, Subject: subject, Text: text, Links: []string{link}}, nil
}
