// Package backlinks runs the backlink exchange between member sites (spec
// 2 Backlink overview, target, placement and Domain verification; 3; 4.7;
// 6 backlink.*; 8). A site proves it controls a domain, lists target pages
// on it with anchor texts, and may opt in to host other members' links in
// its finished, published articles. A scheduled matcher pairs active
// targets with articles of other accounts' opted-in sites and reserves the
// price in backlink credits from the requester (escrow); the next run
// inserts the link into the host article's Markdown; link checks fetch the
// host's live page and settle the credits to the host once the link is
// seen, or end the placement when it never shows or disappears. The
// package owns its items (settings, counters, targets, placements, article
// link slots) and every rule; handlers in shared/agentapi only decode and
// encode.
package backlinks

import (
	"time"

	"rvcontent/shared/kernel/weburl"
)

// Domain verification statuses (spec 2 Domain verification).
const (
	// DomainUnverified: a domain is set and has not been proven yet.
	DomainUnverified = "unverified"
	// DomainVerifying: a verified domain failed a check and is being
	// confirmed again; the site keeps its place in the exchange meanwhile.
	DomainVerifying = "verifying"
	// DomainVerified: one of the three proofs was found.
	DomainVerified = "verified"
	// DomainSuspended: the proof stayed missing on FailuresToSuspend
	// scheduled re-checks in a row; the site is out of the exchange until a
	// check finds a proof again.
	DomainSuspended = "suspended"
)

// Proven reports whether a domain in status counts as verified for the
// exchange (opting in, adding targets, getting links): verified, or
// verifying (a verified domain being confirmed again).
func Proven(status string) bool {
	return status == DomainVerified || status == DomainVerifying
}

// Placement statuses (spec 2 Backlink placement).
const (
	StatusReserved  = "reserved"  // credits held, host article chosen
	StatusPlaced    = "placed"    // link inserted into the host article
	StatusLive      = "live"      // link seen on the host's live page; credits settled
	StatusLost      = "lost"      // live link missing on MissesToLose checks in a row
	StatusExpired   = "expired"   // not placed, or never seen live, in time
	StatusCancelled = "cancelled" // removed by the host
)

// PlacementStatuses lists every placement status.
var PlacementStatuses = []string{StatusReserved, StatusPlaced, StatusLive, StatusLost, StatusExpired, StatusCancelled}

// Placement directions.
const (
	Inbound = "inbound" // links to the site's targets
	Hosted  = "hosted"  // links the site's articles carry for others
)

// End reasons of a placement.
const (
	ReasonNotPlaced      = "not_placed"      // the reservation could not be placed before it expired
	ReasonNotLive        = "not_live"        // the placed link was never seen on the live page in time
	ReasonLinkMissing    = "link_missing"    // the live link disappeared
	ReasonRemovedByHost  = "removed_by_host" // the host removed it (DELETE)
	ReasonSiteDeleted    = "site_deleted"    // one of its two sites' account was deleted
	ReasonTargetDeleted  = "target_deleted"  // the requester deleted the target before it was placed
	ReasonArticleDeleted = "article_deleted" // the host deleted the article before it was placed
)

// Categories are the blockable categories (spec 4.7).
var Categories = []string{"gambling", "adult", "crypto", "cannabis", "loans", "pharma", "weapons", "tobacco", "politics", "dating"}

// Limits of the exchange's fields (spec 4.7, 8).
const (
	MaxTargets          = 25
	MaxNiche            = 120
	MaxSiteTags         = 15
	MaxTargetTags       = 10
	MinTag, MaxTag      = 2, 40
	MinAnchors          = 3
	MaxAnchors          = 5
	MinAnchor           = 2
	MaxAnchor           = 80
	MaxLinksPerArticle  = 2
	MaxTargetURL        = weburl.MaxLen
	DefaultMaxLinks     = 1
	DefaultPriority     = 5
	DefaultMonthlyLinks = 4
	MaxMonthlyLinks     = 10
	MaxPriority         = 10
)

// Timing of the exchange.
const (
	// ReserveFor is how long a reservation may wait to be placed.
	ReserveFor = 24 * time.Hour
	// PlaceRetry is the wait before placing a reservation is tried again.
	PlaceRetry = 30 * time.Minute
	// FirstCheckAfter is the wait between placing a link and the first
	// check of the host's live page, so the website can pick up the change.
	FirstCheckAfter = time.Hour
	// LiveWithin is how long a placed link has to show on the live page.
	LiveWithin = 72 * time.Hour
	// PlacedRecheck is the wait between checks of a placed link not seen yet.
	PlacedRecheck = 6 * time.Hour
	// LiveRecheck is the wait between checks of a live link found present.
	LiveRecheck = 7 * 24 * time.Hour
	// MissRecheck is the wait after a live link was missing.
	MissRecheck = 24 * time.Hour
	// MissesToLose is how many checks in a row a live link may be missing
	// before it is lost.
	MissesToLose = 3
	// DomainRecheck is the wait between re-checks of a verified domain.
	DomainRecheck = 7 * 24 * time.Hour
	// DomainRetry is the wait between re-checks of a domain whose proof
	// went missing.
	DomainRetry = 24 * time.Hour
	// FailuresToSuspend is how many scheduled re-checks in a row may miss
	// the proof before the domain is suspended.
	FailuresToSuspend = 3
)
