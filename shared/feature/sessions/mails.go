package sessions

import (
	"context"
	"errors"
	"fmt"
	"net/url"

	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/mail"
)

// LinkMail is the kind of the sign-in link's mail. The send right after
// the commit carries the link the request made; when the mail outbox sweep
// sends it instead (within LinkLifetime of the request, else it is
// dropped), it issues a new link, because the first token was never
// stored, unless the account was deleted meanwhile (then it is dropped).
const LinkMail = "sessions.signin_link"

// linkSecret names the sign-in link in the mail's in-memory secrets.
const linkSecret = "link"

// MailTemplates returns the renderer of the sign-in mail, for the mail
// outbox.
func (s *Service) MailTemplates() map[string]mail.Template {
	return map[string]mail.Template{LinkMail: {Render: s.renderLink, MaxAge: LinkLifetime}}
}

// linkMail is the mail that carries sign-in link to a's owner.
func linkMail(a accounts.Account, next, link string) mail.Mail {
	return mail.Mail{
		Kind: LinkMail, AccountID: a.ID,
		Params:  map[string]string{"to": a.Email, "next": next},
		Secrets: map[string]string{linkSecret: link},
	}
}

// linkURL is the sign-in link of token that continues to next. The link
// names next too, so its page still knows where the person was going once
// the link is used up or expired (see pages.SignIn).
func (s *Service) linkURL(token, next string) string {
	link := s.BaseURL + VerifyPath + "?token=" + token
	if next != "" {
		link += "&next=" + url.QueryEscape(next)
	}
	return link
}

func (s *Service) renderLink(ctx context.Context, m mail.Pending) (mail.Message, error) {
	to := m.Param("to")
	link, ok := m.Secret(linkSecret)
	if !ok {
		// A deleted account's owner signs in nowhere: its links were
		// deleted with it, so none is issued again.
		if _, err := (accounts.Owners{Table: s.Table}).Get(ctx, m.AccountID); errors.Is(err, accounts.ErrNotFound) {
			return mail.Message{}, mail.ErrObsolete
		} else if err != nil {
			return mail.Message{}, err
		}
		token, hash := newSecret()
		tx := &dynamo.Tx{}
		putLink(tx, newLinkItem(hash, m.AccountID, to, m.Param("next"), s.Clock.Now()))
		if err := s.Table.Commit(ctx, tx, nil); err != nil {
			return mail.Message{}, err
		}
		link = s.linkURL(token, m.Param("next"))
	}
	text := fmt.Sprintf("Someone asked to sign in to your account (%s).\n\nSign in:\n%s\n\nThe link works once, for 15 minutes. If you did not ask for it, ignore this email.\n", to, link)
	return mail.Message{To: to, Subject: "Your sign-in link", Text: text, Links: []string{link}}, nil
}
