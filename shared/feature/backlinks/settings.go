package backlinks

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// settingsItem is a site's exchange settings and domain verification, as
// stored under its account. It is written whole, conditional on its
// version, so concurrent changes never overwrite each other. While the site
// hosts links it is in the GSI2 host pool; while its domain has been
// verified it is on GSI1 at its next scheduled re-check.
type settingsItem struct {
	PK        string   `dynamodbav:"pk"`
	SK        string   `dynamodbav:"sk"`
	AccountID string   `dynamodbav:"account_id"`
	SiteID    string   `dynamodbav:"site_id"`
	Version   int      `dynamodbav:"version"`
	OptedIn   bool     `dynamodbav:"opted_in"`
	MaxLinks  int      `dynamodbav:"max_links_per_article"`
	Niche     *string  `dynamodbav:"niche"`
	TopicTags []string `dynamodbav:"topic_tags"`
	Blocked   []string `dynamodbav:"blocked_categories"`

	Domain       *string `dynamodbav:"domain"`
	DomainStatus *string `dynamodbav:"domain_status"`
	Token        string  `dynamodbav:"token"`
	VerifiedAt   *string `dynamodbav:"verified_at"`
	// Failures counts the scheduled re-checks in a row that missed the proof.
	Failures      int     `dynamodbav:"recheck_failures"`
	NextRecheckAt string  `dynamodbav:"next_recheck_at"`
	Checks        []Check `dynamodbav:"checks"`
	CheckedAt     *string `dynamodbav:"checked_at"`

	GSI1PK string `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK string `dynamodbav:"gsi1sk,omitempty"`
	GSI2PK string `dynamodbav:"gsi2pk,omitempty"`
	GSI2SK string `dynamodbav:"gsi2sk,omitempty"`
}

// domainRecheckKind is the due-work kind of domain re-checks.
const domainRecheckKind = "backlink_domain"

// newSettings returns the defaults of a site that never changed them.
func newSettings(accountID, siteID string) settingsItem {
	return settingsItem{
		PK: dynamo.AccountPK(accountID), SK: dynamo.BacklinksSK(siteID), AccountID: accountID, SiteID: siteID,
		MaxLinks: DefaultMaxLinks, TopicTags: []string{}, Blocked: []string{},
	}
}

// status returns the domain status, "" before a domain is set.
func (it settingsItem) status() string {
	if it.DomainStatus == nil {
		return ""
	}
	return *it.DomainStatus
}

// proven reports whether the domain counts as verified for the exchange:
// verified, or verifying (a verified domain being confirmed again).
func (it settingsItem) proven() bool {
	return Proven(it.status())
}

// owns reports whether page, a target's address, is on the site's domain
// while that counts as verified: only then does the site get links to it.
func (it settingsItem) owns(page string) bool {
	u, err := url.Parse(page)
	return err == nil && it.proven() && onDomain(u.Hostname(), it.domain())
}

// hosting reports whether the site hosts other members' links now.
func (it settingsItem) hosting() bool {
	return it.OptedIn && it.proven() && it.MaxLinks > 0
}

// notProven is the conflict of a change that needs the domain verified
// while it is not (see proven): need is the sentence saying what needs
// it, and the message goes on with the way there from the domain's
// status: set a domain, prove the one set, or, for a suspended domain,
// put a proof back and check it (any successful check verifies again).
func (it settingsItem) notProven(need string) error {
	switch it.status() {
	case "":
		return apperr.New(apperr.Conflict, need+" This site has none yet. Set one with POST /sites/{site_id}/backlinks/domain and prove it with POST /sites/{site_id}/backlinks/domain/verify first.")
	case DomainSuspended:
		return apperr.Newf(apperr.Conflict, "%s The domain %s is suspended: its proof was missing at %d scheduled re-checks in a row. Put one of its proofs back and check it with POST /sites/{site_id}/backlinks/domain/verify: a successful check verifies it again.", need, it.domain(), FailuresToSuspend)
	}
	return apperr.Newf(apperr.Conflict, "%s The domain %s is not verified yet. Publish one of its proofs and check it with POST /sites/{site_id}/backlinks/domain/verify first.", need, it.domain())
}

// domain returns the domain, "" before one is set.
func (it settingsItem) domain() string {
	if it.Domain == nil {
		return ""
	}
	return *it.Domain
}

// setStatus sets the domain status.
func (it *settingsItem) setStatus(st string) { it.DomainStatus = &st }

// indexes sets the item's pool and due-work index attributes from its state.
func (it *settingsItem) indexes() {
	it.GSI1PK, it.GSI1SK, it.GSI2PK, it.GSI2SK = "", "", "", ""
	if it.hosting() {
		it.GSI2PK, it.GSI2SK = dynamo.BacklinkHostsPK, it.SiteID
	}
	switch it.status() {
	case DomainVerified, DomainVerifying, DomainSuspended:
		if t, err := clock.Parse(it.NextRecheckAt); err == nil {
			it.GSI1PK = dynamo.DuePK(domainRecheckKind)
			it.GSI1SK = dynamo.TimeKey(clock.SortKey(t), it.AccountID+"#"+it.SiteID)
		}
	}
}

// scheduleRecheck sets the next scheduled re-check to now plus after.
func (it *settingsItem) scheduleRecheck(now time.Time, after time.Duration) {
	it.NextRecheckAt = clock.Format(now.Add(after))
}

// loadSettings returns a site's settings, or the defaults (version 0)
// when it has none stored.
func (s *Service) loadSettings(ctx context.Context, accountID, siteID string) (settingsItem, error) {
	return readSettings(ctx, s.Table, accountID, siteID)
}

// readSettings reads the site's exchange settings from t (defaults when it
// has none).
func readSettings(ctx context.Context, t *dynamo.Table, accountID, siteID string) (settingsItem, error) {
	var it settingsItem
	err := t.Get(ctx, dynamo.AccountPK(accountID), dynamo.BacklinksSK(siteID), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return newSettings(accountID, siteID), nil
	}
	if err != nil {
		return settingsItem{}, apperr.Wrap("backlinks.settings", err)
	}
	if it.TopicTags == nil {
		it.TopicTags = []string{}
	}
	if it.Blocked == nil {
		it.Blocked = []string{}
	}
	return it, nil
}

// putSettings adds to tx the write of it, conditional on the version read;
// it.Version moves forward. A concurrent change fails the commit with a
// condition on "settings".
func putSettings(tx *dynamo.Tx, it *settingsItem) {
	old := it.Version
	it.Version++
	it.indexes()
	if old == 0 {
		tx.Put("settings", *it, "attribute_not_exists(pk)", nil)
		return
	}
	tx.Put("settings", *it, "version = :v", map[string]types.AttributeValue{
		":v": &types.AttributeValueMemberN{Value: strconv.Itoa(old)},
	})
}

// errBusy answers a change that kept losing races with other changes.
var errBusy = apperr.New(apperr.Conflict, "The exchange settings changed while this request was applied. Send it again.")

// changeAttempts bounds the attempts of a settings change that raced
// another: as many as backoff.Retry makes, each retry after a pause.
const changeAttempts = backoff.Attempts

// pauseAfterRace waits a backoff.Pause before the next attempt of a
// settings change whose attempt try (from 0) lost a race, and not after
// the last attempt; it returns ctx's error when ctx ends meanwhile.
func pauseAfterRace(ctx context.Context, try int) error {
	if try+1 >= changeAttempts {
		return nil
	}
	return backoff.Pause(ctx, try+1, backoff.LongestPause)
}
