package accounts

import (
	"context"
	"errors"

	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/mail"
)

// Service runs the account use cases.
type Service struct {
	Table  *dynamo.Table
	Clock  clock.Clock
	Events *eventlog.Writer
	Jobs   *jobs.Enqueuer
	// Mail is the mail outbox the welcome and claim mails go through.
	Mail        *mail.Spool
	Counters    *ratelimit.Counters
	Credentials *credentials.Service
	Sites       *sites.Store
	// BaseURL starts claim links; DashboardURL starts owner pages.
	BaseURL      string
	DashboardURL string
	// SignupsPerAddressPerHour caps account creation per caller address.
	SignupsPerAddressPerHour int
}

// ErrNotFound is returned when an account does not exist (deleted).
var ErrNotFound = apperr.NotFoundf("No such account.")

// Get returns the account id.
func (s *Service) Get(ctx context.Context, id string) (Account, error) {
	return Owners{Table: s.Table}.Get(ctx, id)
}

// Owners reads accounts and their owners' addresses, with nothing but the
// table: what credentials, sessions and webhooks need to write to an owner.
type Owners struct {
	Table *dynamo.Table
}

// Get returns the account with id, or ErrNotFound.
func (o Owners) Get(ctx context.Context, id string) (Account, error) {
	var it item
	pk, sk := accountKey(id)
	err := o.Table.Get(ctx, pk, sk, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return Account{}, ErrNotFound
	}
	if err != nil {
		return Account{}, apperr.Wrap("accounts.Get", err)
	}
	return it.Account, nil
}

// OwnerEmail returns the email address of the owner of account id.
func (o Owners) OwnerEmail(ctx context.Context, id string) (string, error) {
	a, err := o.Get(ctx, id)
	return a.Email, err
}

// OwnerEmail returns the owner's address of account id.
func (s *Service) OwnerEmail(ctx context.Context, id string) (string, error) {
	a, err := s.Get(ctx, id)
	return a.Email, err
}

// Delete always refuses: only the signed-in owner deletes an account, in the
// dashboard's settings.
func (s *Service) Delete(ctx context.Context) error {
	return &apperr.Error{
		Code:      apperr.HumanRequired,
		Message:   "Only the account's owner can delete it, signed in to the dashboard. Send them to action_url.",
		ActionURL: s.DashboardURL + "/settings",
	}
}
