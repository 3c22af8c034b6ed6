package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// ClaimLinkLifetime is how long a claim link works.
const ClaimLinkLifetime = 7 * 24 * time.Hour

// MaxClaimResends is how many claim emails may be resent a day (spec 8).
const MaxClaimResends = 3

// claimItem lets the claim page find its account from the token's hash; the
// token itself is never stored.
type claimItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	AccountID string `dynamodbav:"account_id"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
	TTL       int64  `dynamodbav:"ttl"`
}

func newClaimToken() (token, hash string) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic("accounts: no randomness: " + err.Error())
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func putClaimToken(tx *dynamo.Tx, hash, accountID string, now time.Time) {
	it := claimItemOf(hash, accountID, now)
	tx.PutNew("claim_token", it)
	dynamo.PutLinkIndex(tx, accountID, it.PK, it.SK, it.TTL)
}

// claimItemOf is the item of a claim token hash issued at now.
func claimItemOf(hash, accountID string, now time.Time) claimItem {
	exp := clock.EndSecond(now.Add(ClaimLinkLifetime)) // the whole ClaimLinkLifetime
	return claimItem{
		PK: dynamo.ClaimPK(hash), SK: dynamo.ClaimSK, AccountID: accountID,
		ExpiresAt: exp.Unix(), TTL: exp.Add(24 * time.Hour).Unix(),
	}
}

func (s *Service) claimURL(token string) string { return s.BaseURL + "/claim/" + token }

// ResendResult is the answer of POST /account/resend-claim.
type ResendResult struct {
	Sent     bool   `json:"sent"`
	ClaimURL string `json:"claim_url"`
}

// ResendClaim emails the owner a new claim link (at most MaxClaimResends a
// day) and returns it; the mail goes through the mail outbox with the new
// token. A claimed account has nothing to claim: conflict.
func (s *Service) ResendClaim(ctx context.Context) (ResendResult, error) {
	p, _ := auth.From(ctx)
	a, err := s.Get(ctx, p.AccountID)
	if err != nil {
		return ResendResult{}, err
	}
	if a.Claimed {
		return ResendResult{}, apperr.New(apperr.Conflict, "This account is already claimed; its owner signs in instead.")
	}
	win, err := s.Counters.Take(ctx, "claim-resend#"+p.AccountID, ratelimit.Day, MaxClaimResends)
	if errors.Is(err, ratelimit.ErrExhausted) {
		e := apperr.New(apperr.RateLimited, fmt.Sprintf("The claim email was already resent %d times today. Try again tomorrow.", MaxClaimResends))
		e.RetryAfter = win.RetryAfter()
		return ResendResult{}, e
	}
	if err != nil {
		return ResendResult{}, apperr.Wrap("accounts.ResendClaim", err)
	}
	token, hash := newClaimToken()
	now := s.Clock.Now()
	tx := &dynamo.Tx{}
	putClaimToken(tx, hash, a.ID, now)
	activity.Record(tx, now, p, activity.Change{
		Action: "account.claim_resent", Resource: activity.Resource{Type: "account", ID: a.ID},
		Summary: "Claim email resent to the owner",
	})
	res := ResendResult{Sent: true, ClaimURL: s.claimURL(token)}
	s.Mail.Add(tx, claimMail(a, res.ClaimURL).RenderedBy(s.MailTemplates()))
	if err := s.Table.Commit(ctx, tx, res); err != nil {
		return ResendResult{}, apperr.Wrap("accounts.ResendClaim", err)
	}
	return res, nil
}

// ClaimState is what the claim page shows for a token.
type ClaimState struct {
	Account Account
	// Claimed is true when the account was already claimed.
	Claimed bool
}

// ErrBadClaimLink is returned for an unknown, used or expired claim token.
var ErrBadClaimLink = apperr.NotFoundf("This claim link is not valid. It may have expired or been used already. Ask for a new one on the sign-in page, which emails it to the account's address, or ask your agent to resend it.")

// Claims serves the claim page behind claim links: it finds an account by
// its claim token and claims it for its owner. It needs only the table and
// the event writer (the claim's account.claimed event).
type Claims struct {
	Table  *dynamo.Table
	Clock  clock.Clock
	Events *eventlog.Writer
}

// ClaimInfo returns the account a claim token belongs to.
func (s *Claims) ClaimInfo(ctx context.Context, token string) (ClaimState, error) {
	var c claimItem
	err := s.Table.Get(ctx, dynamo.ClaimPK(hashToken(token)), dynamo.ClaimSK, &c)
	if errors.Is(err, dynamo.ErrNotFound) || (err == nil && c.ExpiresAt <= s.Clock.Now().Unix()) {
		return ClaimState{}, ErrBadClaimLink
	}
	if err != nil {
		return ClaimState{}, apperr.Wrap("accounts.ClaimInfo", err)
	}
	a, err := Owners{Table: s.Table}.Get(ctx, c.AccountID)
	if errors.Is(err, ErrNotFound) {
		return ClaimState{}, ErrBadClaimLink // the account was deleted
	}
	if err != nil {
		return ClaimState{}, err
	}
	return ClaimState{Account: a, Claimed: a.Claimed}, nil
}

// Claim marks the account of token claimed by its owner, uses the token up,
// and records account.claimed.
func (s *Claims) Claim(ctx context.Context, token string) (Account, error) {
	st, err := s.ClaimInfo(ctx, token)
	if err != nil {
		return Account{}, err
	}
	if st.Claimed {
		return st.Account, nil
	}
	now := s.Clock.Now()
	a := st.Account
	a.Claimed, a.ClaimedAt = true, aws.String(clock.Format(now))
	pk, sk := accountKey(a.ID)
	tx := &dynamo.Tx{}
	tx.Update("account", pk, sk, &types.Update{
		UpdateExpression:    aws.String("SET claimed = :true, claimed_at = :at"),
		ConditionExpression: aws.String(LiveCondition + " AND claimed = :false"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":true":  &types.AttributeValueMemberBOOL{Value: true},
			":false": &types.AttributeValueMemberBOOL{Value: false},
			":at":    &types.AttributeValueMemberS{Value: *a.ClaimedAt},
		},
	})
	tx.Delete("claim_token", dynamo.ClaimPK(hashToken(token)), dynamo.ClaimSK, "attribute_exists(pk)")
	owner := auth.Principal{AccountID: a.ID, Actor: auth.Actor{Type: auth.ActorOwner, ID: a.ID, Name: a.Email}, IP: auth.IP(ctx)}
	activity.Record(tx, now, owner, activity.Change{
		Action: "account.claimed", Resource: activity.Resource{Type: "account", ID: a.ID},
		Summary: "Owner claimed the account",
	})
	s.Events.Emit(tx, a.ID, "", "account.claimed", map[string]any{"account": a})
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		if errors.Is(err, dynamo.ErrConditionFailed) {
			return Owners{Table: s.Table}.Get(ctx, a.ID) // claimed by a concurrent request
		}
		return Account{}, apperr.Wrap("accounts.Claim", err)
	}
	return a, nil
}
