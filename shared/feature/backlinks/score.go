package backlinks

import "time"

// Signals are what a site's authority score, tier and reputation are
// computed from: facts the service observed itself, never estimates.
type Signals struct {
	// Verified: the domain is verified (or being confirmed again).
	Verified bool
	// VerifiedFor is how long ago the domain was verified.
	VerifiedFor time.Duration
	// Published counts the site's finished articles with a live URL.
	Published int
	// LiveHosted and LiveInbound count live links the site carries for
	// others and live links to its targets.
	LiveHosted  int
	LiveInbound int
	// LostHosted counts hosted links that went missing; ClawedHosted
	// counts live hosted links the site removed.
	LostHosted   int
	ClawedHosted int
}

const day = 24 * time.Hour

// PublishedCounted is how many published articles count toward the
// authority score (3 points each): more add nothing.
const PublishedCounted = 10

// Authority returns the site's authority score, 0 to 100: 0 without a
// verified domain; otherwise 20, plus 3 per published article (at most
// 30), 1 per 3 days since verification (at most 20), 3 per live hosted
// link (at most 15) and 3 per live inbound link (at most 15).
func Authority(s Signals) int {
	if !s.Verified {
		return 0
	}
	score := 20 + 3*min(PublishedCounted, s.Published) + min(20, int(s.VerifiedFor/(3*day))) +
		min(15, 3*s.LiveHosted) + min(15, 3*s.LiveInbound)
	return min(100, score)
}

// Tier returns the tier of an authority score: 1 below 40, 2 below 70,
// else 3. A placement on a host costs the host's tier in credits.
func Tier(authority int) int {
	switch {
	case authority >= 70:
		return 3
	case authority >= 40:
		return 2
	}
	return 1
}

// Reputation returns the site's reputation as a host, 0 to 100: 0 without
// a verified domain; otherwise 50, plus 2 per full week since verification
// (at most 20), plus 5 per live hosted link (at most 30), minus 15 per
// hosted link lost and 10 per live hosted link removed by the site.
func Reputation(s Signals) int {
	if !s.Verified {
		return 0
	}
	r := 50 + min(20, 2*int(s.VerifiedFor/(7*day))) + min(30, 5*s.LiveHosted) - 15*s.LostHosted - 10*s.ClawedHosted
	return max(0, min(100, r))
}

// MinHostReputation is the reputation below which a site hosts no new
// links.
const MinHostReputation = 20
