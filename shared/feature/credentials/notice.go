package credentials

import (
	"context"
	"strconv"
	"time"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/mail"
)

// AddedMail is the kind of the owner's notice that a key or connection was
// added (spec 5: the owner is emailed whenever one is added). It goes
// through the mail outbox, written with the credential.
const AddedMail = "credentials.added"

// RevokedMail is the kind of the owner's notice that a key or connection
// was revoked, by anyone (the owner, an agent, the app itself, or the
// service on refresh token reuse).
const RevokedMail = "credentials.revoked"

// MailTemplates returns the renderers of the owner's notices, for the mail
// outbox.
func (s *Service) MailTemplates() map[string]mail.Template {
	return map[string]mail.Template{AddedMail: {Render: s.renderAdded}, RevokedMail: {Render: s.renderRevoked}}
}

// notifyRevoked adds to tx the owner's notice that credential k was
// revoked by p at now, for reason (empty: p asked for it), which disabled
// the hooks webhook endpoints k had created.
func (s *Service) notifyRevoked(tx *dynamo.Tx, p auth.Principal, k AgentKey, now time.Time, reason string, hooks int) {
	params := map[string]string{"name": k.Name, "type": k.Type, "revoked_at": clock.Format(now), "by": byWhom(p), "reason": reason}
	if hooks > 0 {
		params["webhooks_disabled"] = strconv.Itoa(hooks)
	}
	if k.Prefix != nil {
		params["prefix"] = *k.Prefix
	}
	s.Mail.Add(tx, mail.Mail{Kind: RevokedMail, AccountID: p.AccountID, Params: params}.RenderedBy(s.MailTemplates()))
}

// renderRevoked writes the revocation notice to the account's owner: when
// the revocation disabled webhook endpoints the credential had created
// (disabled_reason credential_revoked), how many, and the dashboard's
// webhook settings page that turns them back on. A deleted account gets
// none.
func (s *Service) renderRevoked(ctx context.Context, m mail.Pending) (mail.Message, error) {
	hooks := s.DashboardURL + "/settings/webhooks"
	msg, err := s.notice(ctx, m, "Agent access revoked: ", "An agent credential of your account was revoked: it no longer works.", func(link string) string {
		text := "Revoked: " + mail.Time(m.Param("revoked_at")) + "\nBy: " + m.Param("by") + "\n"
		if v := m.Param("reason"); v != "" {
			text += "Why: " + v + "\n"
		}
		if n := m.Param("webhooks_disabled"); n != "" {
			endpoints := n + " webhook endpoints it created were disabled with it: no events are delivered to them until they are turned back on. Turn them"
			if n == "1" {
				endpoints = "1 webhook endpoint it created was disabled with it: no events are delivered to that endpoint until it is turned back on. Turn it"
			}
			text += "\n" + endpoints + " on again on your webhook settings page:\n" + hooks + "\n"
		}
		return text + "\nYour agent keys and connected apps:\n" + link + "\n"
	})
	if err == nil && m.Param("webhooks_disabled") != "" {
		msg.Links = append(msg.Links, hooks)
	}
	return msg, err
}

// notice writes a notice about the credential m names to the account's
// owner: subject followed by its name, intro, the credential's name, type
// and key prefix, then what rest says (given the dashboard's page of
// agent keys). A deleted account gets none (mail.ErrObsolete).
func (s *Service) notice(ctx context.Context, m mail.Pending, subject, intro string, rest func(link string) string) (mail.Message, error) {
	to, err := s.Owners.OwnerEmail(ctx, m.AccountID)
	if err != nil {
		if apperr.Is(err, apperr.NotFound) {
			return mail.Message{}, mail.ErrObsolete
		}
		return mail.Message{}, err
	}
	link := s.DashboardURL + "/settings/agents"
	text := intro + "\n\nName: " + m.Param("name") + "\nType: " + typeName(m.Param("type")) + "\n"
	if v := m.Param("prefix"); v != "" {
		text += "Key: " + v + "\n"
	}
	return mail.Message{To: to, Subject: subject + m.Param("name"), Text: text + rest(link), Links: []string{link}}, nil
}

// byWhom names for the owner who p is, in a notice's "By:" line: the agent
// key's or app's name, "you" for the owner, or the service.
func byWhom(p auth.Principal) string {
	switch p.Actor.Type {
	case auth.ActorOwner:
		return "you, signed in to the dashboard"
	case auth.ActorService:
		return "the service"
	}
	return p.Actor.Name
}

// notifyOwner adds to tx the owner's notice that credential k was added
// by p (for a connection, the owner who approved it on the consent page).
// It holds the key's display prefix, never the key.
func (s *Service) notifyOwner(tx *dynamo.Tx, p auth.Principal, k AgentKey) {
	by := byWhom(p)
	if k.Type == TypeOAuth && p.Actor.Type == auth.ActorOwner {
		by = "you, when you approved the app's request to connect"
	}
	params := map[string]string{"name": k.Name, "type": k.Type, "created_at": k.CreatedAt, "by": by}
	if k.Prefix != nil {
		params["prefix"] = *k.Prefix
	}
	if k.Operator != nil {
		params["operator"] = *k.Operator
	}
	s.Mail.Add(tx, mail.Mail{Kind: AddedMail, AccountID: p.AccountID, Params: params}.RenderedBy(s.MailTemplates()))
}

// renderAdded writes the notice to the account's owner; a deleted account
// gets none.
func (s *Service) renderAdded(ctx context.Context, m mail.Pending) (mail.Message, error) {
	return s.notice(ctx, m, "New agent access: ", "A new agent credential was added to your account.", func(link string) string {
		text := ""
		if v := m.Param("operator"); v != "" {
			text += "Operator: " + v + "\n"
		}
		text += "Added: " + mail.Time(m.Param("created_at")) + "\n"
		if v := m.Param("by"); v != "" { // a notice queued before "by" was kept has none
			text += "By: " + v + "\n"
		}
		return text + "\nIf you did not expect this, revoke it here:\n" + link + "\n"
	})
}

// typeName names a credential type for the owner.
func typeName(t string) string {
	switch t {
	case TypeKey:
		return "agent key"
	case TypeOAuth:
		return "connected app"
	}
	return t
}
