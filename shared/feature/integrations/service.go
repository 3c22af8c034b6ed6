package integrations

import (
	"context"
	"errors"
	"strconv"

	"rvcontent/shared/platform/pushapi"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
)

// Plans tells an account's billing state; *billing.Service implements it.
type Plans interface {
	Get(ctx context.Context, accountID string) (billing.Billing, error)
}

// Service runs the integration use cases.
type Service struct {
	Table    *dynamo.Table
	Clock    clock.Clock
	Events   *eventlog.Writer
	Sites    *sites.Store
	Articles *articles.Store
	Plans    Plans
	// Gate admits pushes made outside the gated routes (POST
	// .../publish): they need what a sync needs, a trial or plan with the
	// site usable on it. Nil admits every push.
	Gate   *billing.Gate
	Jobs   *jobs.Enqueuer
	Sealer *Sealer
	// Platforms speak each platform's API, by integration id.
	Platforms map[string]Platform
	// BaseURL starts connect_url (the service's public address).
	BaseURL string
}

// Order is the order integrations are listed in.
var Order = []string{Platform1, Platform2}

// ErrUnknown answers an integration id that is not a platform.
var ErrUnknown = apperr.NotFoundf("No integration with that id. Integrations are push_platform_1 and push_platform_2.")

// unavailableMessage begins the answer to push_platform_2 for an account
// without the paid plan; unavailable adds what opens it.
const unavailableMessage = "push_platform_2 is an add-on of the paid plan and is not open to this account."

// scope checks that siteID is the caller's site and platform an
// integration, and returns the caller and the site.
func (s *Service) scope(ctx context.Context, siteID, platform string) (auth.Principal, sites.Site, error) {
	p, _ := auth.From(ctx)
	site, err := s.Sites.Get(ctx, p.AccountID, siteID)
	if err != nil {
		return p, sites.Site{}, err
	}
	if _, ok := s.Platforms[platform]; !ok {
		return p, sites.Site{}, ErrUnknown
	}
	return p, site, nil
}

// available reports whether accountID may use platform: push_platform_2
// needs the paid plan.
func (s *Service) available(ctx context.Context, accountID, platform string) (bool, error) {
	if requirement(platform) != RequiresPaidPlan {
		return true, nil
	}
	return s.paid(ctx, accountID)
}

// paid reports whether accountID is on the paid plan.
func (s *Service) paid(ctx context.Context, accountID string) (bool, error) {
	b, err := s.Plans.Get(ctx, accountID)
	return b.Paid, err
}

// requireAvailable answers integration_unavailable when accountID may not
// use platform.
func (s *Service) requireAvailable(ctx context.Context, accountID, platform string) error {
	ok, err := s.available(ctx, accountID, platform)
	if err != nil {
		return err
	}
	if !ok {
		return s.unavailable(ctx, accountID)
	}
	return nil
}

// unavailable is the integration_unavailable error for push_platform_2 on
// an account without the paid plan. What opens the paid plan to the
// account in its state (ending the trial, updating a declined card,
// starting the plan) is the plan gate's own advice, and push_platform_1 is
// offered only while the account has the trial or plan it needs.
func (s *Service) unavailable(ctx context.Context, accountID string) error {
	if s.Gate == nil {
		return apperr.New(apperr.IntegrationUnavailable, unavailableMessage)
	}
	msg := unavailableMessage
	switch err := s.Gate.Check(ctx, accountID, "", billing.NeedPaidPlan); {
	case apperr.Is(err, apperr.PaidPlanRequired):
		var ae *apperr.Error
		if errors.As(err, &ae) {
			msg += " " + ae.Message
		}
	case err != nil:
		return err
	}
	switch err := s.Gate.Check(ctx, accountID, "", billing.NeedTrialOrPlan); {
	case err == nil:
		msg += " Meanwhile push_platform_1 works: it needs only a trial or plan."
	case !apperr.Is(err, apperr.SubscriptionRequired):
		return err
	}
	return apperr.New(apperr.IntegrationUnavailable, msg)
}

// load returns the stored integration, or the empty one.
func (s *Service) load(ctx context.Context, accountID string, site sites.Site, platform string) (record, error) {
	r, found, err := s.stored(ctx, site.ID, platform)
	if err == nil && !found {
		r = emptyRecord(accountID, site, platform)
	}
	return r, err
}

// stored reads the site's integration with platform as stored, if any.
func (s *Service) stored(ctx context.Context, siteID, platform string) (record, bool, error) {
	var r record
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.IntegrationSK(platform), &r)
	if errors.Is(err, dynamo.ErrNotFound) {
		return record{}, false, nil
	}
	if err != nil {
		return record{}, false, apperr.Wrap("integrations.load", err)
	}
	return r, true, nil
}

// errChanged answers a write that lost a race with another.
var errChanged = apperr.New(apperr.Conflict, "The integration changed at the same moment. Retry the request.")

// lostRace reports whether err is errChanged: a write of the integration
// that another write got ahead of, which backoff.Retry applies again to
// the integration as it is then.
func lostRace(err error) bool { return errors.Is(err, errChanged) }

// put adds the write of r to tx, conditional on nobody having written it
// since it was read (its version), and moves the version on.
func put(tx *dynamo.Tx, r *record) {
	prev := r.Version
	r.PK, r.SK = dynamo.SitePK(r.SiteID), dynamo.IntegrationSK(r.Platform)
	r.Version++
	if prev == 0 {
		tx.PutNew("integration", *r)
		return
	}
	tx.Put("integration", *r, "version = :v", map[string]types.AttributeValue{
		":v": &types.AttributeValueMemberN{Value: strconv.FormatInt(prev, 10)},
	})
}

// commit commits tx, answering a lost race on the integration as conflict.
func (s *Service) commit(ctx context.Context, tx *dynamo.Tx, result any) error {
	err := s.Table.Commit(ctx, tx, result)
	if dynamo.LostRace(err, "integration") {
		return errChanged
	}
	return apperr.Wrap("integrations", err)
}

// List returns the caller's site's integrations, one per platform.
func (s *Service) List(ctx context.Context, siteID string) ([]Integration, error) {
	p, _ := auth.From(ctx)
	var stored []record
	var paid bool
	// The site, its integrations and the account's plan are read at once.
	site, err := s.Sites.Within(ctx, p.AccountID, siteID, func(ctx context.Context) error {
		in, err := dynamo.PartitionPrefix(dynamo.SitePK(siteID), dynamo.IntegrationPrefix).Input()
		if err != nil {
			return apperr.Wrap("integrations.List", err)
		}
		in.ConsistentRead = aws.Bool(true)
		rows, err := s.Table.QueryAll(ctx, in)
		if err != nil {
			return apperr.Wrap("integrations.List", err)
		}
		if stored, err = dynamo.UnmarshalList[record](rows); err != nil {
			return apperr.Wrap("integrations.List", err)
		}
		return nil
	}, func(ctx context.Context) (err error) {
		paid, err = s.paid(ctx, p.AccountID)
		return err
	})
	if err != nil {
		return nil, err
	}
	byPlatform := map[string]record{}
	for _, r := range stored {
		byPlatform[r.Platform] = r
	}
	out := make([]Integration, 0, len(Order))
	for _, platform := range Order {
		r, ok := byPlatform[platform]
		if !ok {
			r = emptyRecord(p.AccountID, site, platform)
		}
		out = append(out, r.view(paid || requirement(platform) != RequiresPaidPlan))
	}
	return out, nil
}

// Get returns one of the caller's site's integrations with its setup
// options.
func (s *Service) Get(ctx context.Context, siteID, platform string) (Integration, error) {
	_, r, avail, err := s.loadShown(ctx, siteID, platform)
	if err != nil {
		return Integration{}, err
	}
	v := r.view(avail)
	v.Setup = setupOf(r)
	return v, nil
}

// loadShown reads the caller's site's integration with platform, and
// whether the account may use the platform, for answering it as it is
// (whether or not it is available).
func (s *Service) loadShown(ctx context.Context, siteID, platform string) (auth.Principal, record, bool, error) {
	p, _ := auth.From(ctx)
	var r record
	var found, avail bool
	// The site, the integration and the account's plan are read at once.
	site, err := s.Sites.Within(ctx, p.AccountID, siteID, func(ctx context.Context) error {
		if _, ok := s.Platforms[platform]; !ok {
			return ErrUnknown
		}
		return par.Do(ctx, func(ctx context.Context) (err error) {
			r, found, err = s.stored(ctx, siteID, platform)
			return err
		}, func(ctx context.Context) (err error) {
			avail, err = s.available(ctx, p.AccountID, platform)
			return err
		})
	})
	if err != nil {
		return p, record{}, false, err
	}
	if !found {
		r = emptyRecord(p.AccountID, site, platform)
	}
	return p, r, avail, nil
}

// setupOf lists the connect fields and the configurable options.
func setupOf(r record) *Setup {
	st := &Setup{
		Connect: "POST /sites/" + r.SiteID + "/integrations/" + r.Platform + "/connect returns a connect_url; the owner opens it and enters these fields, which the service checks with a test call.",
		ConnectFields: []ConnectField{
			{Name: FieldSiteURL, Label: "Site address", Help: "The https address of the " + r.Platform + " site, for example https://blog.example.com."},
			{Name: FieldAPIToken, Label: "API token", Help: "An API token of the site allowed to create and update posts."},
		},
		DefaultStatuses: []string{PushDraft, PushPublish},
		Categories:      r.Categories,
		Authors:         r.Authors,
	}
	if st.Categories == nil {
		st.Categories = []pushapi.Option{}
	}
	if st.Authors == nil {
		st.Authors = []pushapi.Option{}
	}
	return st
}
