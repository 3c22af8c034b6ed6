// Package forum owns forum presence (spec 2 Forum presence settings, Forum
// thread, Forum draft, Forum reply; 3; 4.8): a site's settings, sweeps that
// search the forum for threads matching the site's keywords and score how
// well a reply would fit, the threads found and the statuses a person moves
// them through, reply drafts written by the model and checked for
// compliance (paid with forum reply credits), and the replies a person
// posted, verified on the forum by a scheduled check. The service never
// posts and never holds a forum login: it reads the forum through a
// Platform, the public API in AWS or the fixture forum in the dev stack.
package forum

// Channel is what a thread's channel field says: the discussion platform,
// named by the neutral word the spec uses.
const Channel = "forum"

// Thread statuses (spec 2 Forum thread).
const (
	StatusNew       = "new"       // found by a sweep, open for a reply
	StatusSaved     = "saved"     // kept by a person for later
	StatusDrafted   = "drafted"   // a reply draft exists
	StatusPosted    = "posted"    // a person recorded the reply they posted (here, or on another site of the account: see take)
	StatusDismissed = "dismissed" // set aside by a person
	StatusDead      = "dead"      // blocked: no reply belongs there
	StatusStale     = "stale"     // blocked as too old (likely archived)
)

// ThreadStatuses lists every thread status.
var ThreadStatuses = []string{StatusNew, StatusSaved, StatusDrafted, StatusPosted, StatusDismissed, StatusDead, StatusStale}

// Blocked reasons (spec 2 Forum thread), in the order they are tested: the
// first that applies is the thread's reason.
const (
	BlockedRemoved        = "removed"
	BlockedArchived       = "archived"
	BlockedLocked         = "locked"
	BlockedLikelyArchived = "likely_archived"
	BlockedSubforumDenied = "subforum_denied"
	BlockedPromoBanned    = "promo_banned"
	BlockedOffTopic       = "off_topic"
)

// Reply statuses (spec 2 Forum reply).
const (
	ReplyClaimed   = "claimed"   // recorded without a permalink
	ReplyPosted    = "posted"    // permalink recorded, not checked yet
	ReplyConfirmed = "confirmed" // found live on the forum
	ReplyRemoved   = "removed"   // found removed
	ReplyNotFound  = "not_found" // not on the forum
)

// ReplyStatuses lists every reply status.
var ReplyStatuses = []string{ReplyClaimed, ReplyPosted, ReplyConfirmed, ReplyRemoved, ReplyNotFound}

// SweepKind is the job kind of a sweep.
const SweepKind = "forum.sweep"

// Limits of forum presence (spec 4.8, 8).
const (
	MaxRewrites         = 3
	MaxInstructions     = 500
	MaxNiche            = 160
	MaxTopicTags        = 12
	MinTopicTag         = 2
	MaxTopicTag         = 40
	MaxTone             = 80
	MaxSubforums        = 50
	MinDisclosure       = 10
	MaxDisclosure       = 200
	MaxKeywordsPerSweep = 30
	MaxEditedBody       = 10_000
	MaxDismissReason    = 200
	// DefaultKeywordsPerSweep, DefaultTone and DefaultDisclosure are the
	// settings of a site that never changed them.
	DefaultKeywordsPerSweep = 12
	DefaultTone             = "plain"
	DefaultDisclosure       = "Disclosure: I work on {brand}."
	// BrandToken is replaced by the site's brand name in the disclosure
	// line of a draft.
	BrandToken = "{brand}"
)
