package accounts

import (
	"context"
	"errors"
	"fmt"

	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/mail"
)

// The kinds of mail accounts send through the mail outbox. Both carry a
// claim link: the send right after the commit uses the link the response
// returns; when the outbox sweep sends the mail instead, it issues a new
// claim link (a fresh token, stored only as a hash), because the first
// token was never stored.
const (
	// WelcomeMail asks the owner of a new account to claim it.
	WelcomeMail = "accounts.welcome"
	// ClaimMail is a claim link resent on request.
	ClaimMail = "accounts.claim"
)

// claimSecret names the claim link in a mail's in-memory secrets.
const claimSecret = "claim_url"

// MailTemplates returns the renderers of the account mails, for the mail
// outbox.
func (s *Service) MailTemplates() map[string]mail.Template {
	return map[string]mail.Template{
		WelcomeMail: {Render: s.renderWelcome},
		ClaimMail:   {Render: s.renderClaim},
	}
}

// welcomeMail is the welcome mail of a created account.
func welcomeMail(c Created) mail.Mail {
	return mail.Mail{
		Kind: WelcomeMail, AccountID: c.Account.ID,
		Params: map[string]string{
			"to": c.Account.Email, "agent_name": c.AgentKey.Name,
			"site_url": deref(c.Site.WebsiteURL), "key_prefix": deref(c.AgentKey.Prefix),
		},
		Secrets: map[string]string{claimSecret: c.ClaimURL},
	}
}

func (s *Service) renderWelcome(ctx context.Context, m mail.Pending) (mail.Message, error) {
	link, err := s.claimLinkOf(ctx, m)
	if err != nil {
		return mail.Message{}, err
	}
	// The name is written as the agent gave it (never Go-quoted: a person
	// reads it, and it holds no control character).
	text := fmt.Sprintf("An agent named “%s” created an account for %s with this email address.\n\n"+
		"Claim it to sign in, manage billing and see everything the agent does:\n%s\n\n"+
		"The agent received an agent key (%s) that works until you revoke it.\n"+
		"If you did not expect this, you can ignore this email; nothing is charged without you.\n",
		m.Param("agent_name"), m.Param("site_url"), link, m.Param("key_prefix"))
	return mail.Message{To: m.Param("to"), Subject: "Claim your new account", Text: text, Links: []string{link}}, nil
}

// claimMail is a resent claim link.
func claimMail(a Account, claimURL string) mail.Mail {
	return mail.Mail{
		Kind: ClaimMail, AccountID: a.ID,
		Params:  map[string]string{"to": a.Email},
		Secrets: map[string]string{claimSecret: claimURL},
	}
}

func (s *Service) renderClaim(ctx context.Context, m mail.Pending) (mail.Message, error) {
	link, err := s.claimLinkOf(ctx, m)
	if err != nil {
		return mail.Message{}, err
	}
	text := fmt.Sprintf("Claim your account to sign in and see what your agent does:\n%s\n\nThe link works for 7 days.\n", link)
	return mail.Message{To: m.Param("to"), Subject: "Claim your account", Text: text, Links: []string{link}}, nil
}

// claimLinkOf returns the claim link a mail carries: the one its request
// made, or, when the outbox sweep sends it, a new one. A claimed or deleted
// account needs no claim mail any more (mail.ErrObsolete).
func (s *Service) claimLinkOf(ctx context.Context, m mail.Pending) (string, error) {
	if link, ok := m.Secret(claimSecret); ok {
		return link, nil
	}
	a, err := s.Get(ctx, m.AccountID)
	if errors.Is(err, ErrNotFound) || (err == nil && a.Claimed) {
		return "", mail.ErrObsolete
	}
	if err != nil {
		return "", err
	}
	token, hash := newClaimToken()
	tx := &dynamo.Tx{}
	putClaimToken(tx, hash, a.ID, s.Clock.Now())
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		return "", err
	}
	return s.claimURL(token), nil
}
