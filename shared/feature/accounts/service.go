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
	"rvcontent/shared/kernel/auth"
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
	// Eraser deletes the account when its owner asks.
	Eraser Eraser
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
	if errors.Is(err, dynamo.ErrNotFound) || (err == nil && it.DeletedAt != nil) {
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

// Eraser deletes an account (package erasure).
type Eraser interface {
	Erase(ctx context.Context, accountID string) (Erased, error)
}

// Erased is the answer of a deleted account.
type Erased struct {
	Deleted bool   `json:"deleted"`
	ID      string `json:"id"`
	// DataRemovedBy is when the account's data is erased at the latest.
	DataRemovedBy string `json:"data_removed_by"`
}

// Delete deletes the caller's account when the caller is its signed-in
// owner (the dashboard's settings); agents and apps get human_required
// with action_url, the page where the owner can do it.
func (s *Service) Delete(ctx context.Context) (Erased, error) {
	p, _ := auth.From(ctx)
	if p.Actor.Type != auth.ActorOwner || s.Eraser == nil {
		return Erased{}, &apperr.Error{
			Code:      apperr.HumanRequired,
			Message:   "Only the account's owner can delete it, signed in to the dashboard. Send them to action_url.",
			ActionURL: s.DashboardURL + "/settings",
		}
	}
	return s.Eraser.Erase(ctx, p.AccountID)
}
