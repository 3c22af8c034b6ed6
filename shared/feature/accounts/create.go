package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"rvcontent/shared/kernel/nouns"

	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/emailcheck"
	"rvcontent/shared/feature/idempotency"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/kernel/weburl"
	"rvcontent/shared/platform/dynamo"
)

// ScanKind is the job kind of a website scan.
const ScanKind = scans.Kind

// Limits of POST /accounts and the agent fields of POST /agent-keys (spec
// 4.3, 4.4); the site's name and description take the site's limits
// (sites.MaxBrandName, sites.MaxProductDescription).
const (
	MaxEmail     = 254
	MaxURL       = weburl.MaxLen // site_url and contact_url
	MinAgentName = 2
	MaxAgentName = 60
	MaxOperator  = 100
)

// CreateInput is what POST /accounts takes, validated.
type CreateInput struct {
	Email           string
	SiteURL         string
	SiteName        *string
	SiteDescription *string
	Agent           credentials.NewKeyInput
}

// ParseCreate reads and checks the body of POST /accounts (spec 4.3),
// reporting every invalid field.
func ParseCreate(o *input.Object) (CreateInput, error) {
	var in CreateInput
	in.Email, _ = o.String("email", true, input.MaxLen(MaxEmail), emailcheck.Check)
	in.SiteURL, _ = o.String("site_url", true, input.MaxLen(MaxURL), weburl.Check(false))
	if v, ok := o.String("site_name", false, input.SingleLine, input.Len(1, sites.MaxBrandName)); ok {
		in.SiteName = &v
	}
	if v, ok := o.String("site_description", false, input.MultiLine, input.MaxLen(sites.MaxProductDescription)); ok && v != "" {
		in.SiteDescription = &v
	}
	in.Agent = ParseAgent(o.Object("agent"))
	return in, o.Err()
}

// ParseAgent reads an agent's name, operator and contact URL, as account
// creation and POST /agent-keys take them.
func ParseAgent(o *input.Object) credentials.NewKeyInput {
	var a credentials.NewKeyInput
	a.Name, _ = o.String("name", true, input.SingleLine, input.Len(MinAgentName, MaxAgentName))
	if v, ok := o.String("operator", false, input.SingleLine, input.MaxLen(MaxOperator)); ok && v != "" {
		a.Operator = &v
	}
	if v, ok := o.String("contact_url", false, input.MaxLen(MaxURL), weburl.Check(true)); ok && v != "" {
		a.ContactURL = &v
	}
	return a
}

// Created is the result of account creation.
type Created struct {
	Account   Account
	Site      sites.Site
	ScanJobID string
	AgentKey  credentials.AgentKey
	ClaimURL  string
}

var errAccountExists = apperr.New(apperr.AccountExists, "An account with this email already exists. Ask its owner for an agent key, or use another email.")

// Create makes an account with its primary site, first agent key, claim link,
// first scan and welcome mail (through the mail outbox), in one
// transaction. The caller's
// address is held to SignupsPerAddressPerHour creations an hour.
func (s *Service) Create(ctx context.Context, in CreateInput) (Created, error) {
	ip := auth.IP(ctx)
	quota := "signup#" + ratelimit.Address(ip)
	win, err := s.Counters.Take(ctx, quota, time.Hour, s.SignupsPerAddressPerHour)
	if errors.Is(err, ratelimit.ErrExhausted) {
		e := apperr.New(apperr.RateLimited, "Too many accounts were created from this address. Wait Retry-After seconds, then try again.")
		e.RetryAfter = win.RetryAfter()
		return Created{}, e
	}
	if err != nil {
		return Created{}, apperr.Wrap("accounts.Create", err)
	}
	created, err := s.create(ctx, in, ip)
	if err != nil {
		if gerr := s.Counters.GiveBack(ctx, quota, time.Hour, win); gerr != nil { // to the hour that counted it
			slog.WarnContext(ctx, "return signup quota", "err", gerr)
		}
		return Created{}, err
	}
	return created, nil
}

func (s *Service) create(ctx context.Context, in CreateInput, ip string) (Created, error) {
	now := s.Clock.Now()
	accountID, siteID, keyID := ids.New(), ids.New(), ids.Sortable()
	secret, hash := credentials.NewSecret()
	token, tokenHash := newClaimToken()
	acct := Account{
		ID: accountID, Email: in.Email, CreatedAt: clock.Format(now), PrimarySiteID: siteID, BillingStatus: BillingNone,
		CreatedByAgent: &CreatedByAgent{Name: in.Agent.Name, Operator: in.Agent.Operator, ContactURL: in.Agent.ContactURL},
	}
	pk, sk := accountKey(accountID)
	tx := &dynamo.Tx{}
	tx.PutNew("email", emailItem{PK: emailPK(in.Email), SK: dynamo.EmailSK, AccountID: accountID})
	tx.PutNew("account", item{PK: pk, SK: sk, Account: acct, CredentialCount: 1})
	site := sites.NewPrimary(accountID, siteID, in.SiteURL, in.SiteName, in.SiteDescription, s.DashboardURL, now)
	tx.PutNew("site", site)
	key := credentials.Put(tx, accountID, keyID, hash,
		credentials.Spec{Type: credentials.TypeKey, Name: in.Agent.Name, Operator: in.Agent.Operator, ContactURL: in.Agent.ContactURL},
		aws.String(credentials.DisplayPrefix(secret)), now)
	key.Key = secret
	putClaimToken(tx, tokenHash, accountID, now)
	job, _ := scans.Queue(tx, s.Jobs, s.Counters, accountID, siteID, 0) // the first of the day's scans
	p := auth.Principal{AccountID: accountID, Actor: auth.Actor{Type: auth.ActorAgent, ID: keyID, Name: in.Agent.Name}, CredentialID: keyID, IP: ip}
	activity.Record(tx, now, p, activity.Change{
		Action: "account.created", Resource: activity.Resource{Type: "account", ID: accountID},
		Summary: fmt.Sprintf("Account created by agent %s for %s", nouns.Quoted(in.Agent.Name), in.SiteURL),
	})
	s.Events.Emit(tx, accountID, "", "agent_access.created", map[string]any{"agent_key": key.Public()})
	created := Created{Account: acct, Site: site.Site, ScanJobID: job.ID, AgentKey: key, ClaimURL: s.claimURL(token)}
	s.Mail.Add(tx, welcomeMail(created).RenderedBy(s.MailTemplates()))
	if c := idempotency.FromContext(ctx); c != nil {
		c.Index(tx, accountID) // the stored answer leaves with the account
	}
	if err := s.Table.Commit(ctx, tx, created); err != nil {
		if dynamo.FailedOn(err, "email") {
			return Created{}, errAccountExists
		}
		return Created{}, apperr.Wrap("accounts.Create", err)
	}
	return created, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
