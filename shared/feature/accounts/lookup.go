package accounts

import (
	"context"
	"errors"
	"strings"

	"rvcontent/shared/feature/emailcheck"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
)

// FindByEmail returns the account whose owner's email is email (compared
// without case, its domain in ASCII form), or ErrNotFound. It reads the
// email reservation, then the account.
func (o Owners) FindByEmail(ctx context.Context, email string) (Account, error) {
	email = strings.TrimSpace(email)
	if email == "" {
		return Account{}, ErrNotFound
	}
	var e emailItem
	err := o.Table.Get(ctx, emailPK(email), dynamo.EmailSK, &e)
	if errors.Is(err, dynamo.ErrNotFound) {
		return Account{}, ErrNotFound
	}
	if err != nil {
		return Account{}, apperr.Wrap("accounts.FindByEmail", err)
	}
	return o.Get(ctx, e.AccountID)
}

// emailPK is the key of the reservation of email: one per address however
// its domain is written (see emailcheck.Canonical).
func emailPK(email string) string { return dynamo.EmailPK(emailcheck.Canonical(email)) }
