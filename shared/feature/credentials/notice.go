package credentials

import (
	"context"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/mail"
)

// AddedMail is the kind of the owner's notice that a key or connection was
// added (spec 5: the owner is emailed whenever one is added). It goes
// through the mail outbox, written with the credential.
const AddedMail = "credentials.added"

// MailTemplates returns the renderer of the owner's notice, for the mail
// outbox.
func (s *Service) MailTemplates() map[string]mail.Template {
	return map[string]mail.Template{AddedMail: {Render: s.renderAdded}}
}

// notifyOwner adds to tx the owner's notice that credential k was added.
// It holds the key's display prefix, never the key.
func (s *Service) notifyOwner(tx *dynamo.Tx, accountID string, k AgentKey) {
	params := map[string]string{"name": k.Name, "type": k.Type, "created_at": k.CreatedAt}
	if k.Prefix != nil {
		params["prefix"] = *k.Prefix
	}
	if k.Operator != nil {
		params["operator"] = *k.Operator
	}
	s.Mail.Add(tx, mail.Mail{Kind: AddedMail, AccountID: accountID, Params: params}.RenderedBy(s.MailTemplates()))
}

// renderAdded writes the notice to the account's owner; a deleted account
// gets none.
func (s *Service) renderAdded(ctx context.Context, m mail.Pending) (mail.Message, error) {
	to, err := s.Owners.OwnerEmail(ctx, m.AccountID)
	if err != nil {
		if apperr.Is(err, apperr.NotFound) {
			return mail.Message{}, mail.ErrObsolete
		}
		return mail.Message{}, err
	}
	link := s.DashboardURL + "/settings/agents"
	text := "A new agent credential was added to your account.\n\nName: " + m.Param("name") + "\nType: " + m.Param("type") + "\n"
	if v := m.Param("prefix"); v != "" {
		text += "Key: " + v + "\n"
	}
	if v := m.Param("operator"); v != "" {
		text += "Operator: " + v + "\n"
	}
	text += "Added: " + m.Param("created_at") + "\n\nIf you did not expect this, revoke it here:\n" + link + "\n"
	return mail.Message{To: to, Subject: "New agent access: " + m.Param("name"), Text: text, Links: []string{link}}, nil
}
