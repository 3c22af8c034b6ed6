package forum

import (
	"fmt"
	"time"

	"rvcontent/shared/platform/forumapi"

	"github.com/google/uuid"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Thread is a forum thread as lists show it (spec 2 Forum thread): draft
// and reply are summaries here; the single-thread answer (ThreadDetail)
// carries them in full.
type Thread struct {
	ID             string     `json:"id"`
	Status         string     `json:"status"`
	Fit            *int       `json:"fit"`
	MatchedKeyword string     `json:"matched_keyword"`
	Channel        string     `json:"channel"`
	BlockedReason  *string    `json:"blocked_reason"`
	DismissReason  *string    `json:"dismiss_reason"`
	Thread         ThreadInfo `json:"thread"`
	Draft          *DraftRef  `json:"draft"`
	Reply          *ReplyRef  `json:"reply"`
	FirstSeenAt    string     `json:"first_seen_at"`
	LastSeenAt     string     `json:"last_seen_at"`
	UpdatedAt      string     `json:"updated_at"`
}

// ThreadInfo is the thread as the forum shows it.
type ThreadInfo struct {
	ForumID     string `json:"forum_id" dynamodbav:"forum_id"`
	Subforum    string `json:"subforum" dynamodbav:"subforum"`
	Permalink   string `json:"permalink" dynamodbav:"permalink"`
	Title       string `json:"title" dynamodbav:"title"`
	UpVotes     int    `json:"up_votes" dynamodbav:"up_votes"`
	NumComments int    `json:"num_comments" dynamodbav:"num_comments"`
	PostedAt    string `json:"posted_at" dynamodbav:"posted_at"`
	IsLocked    bool   `json:"is_locked" dynamodbav:"is_locked"`
}

// DraftRef summarises a thread's draft in lists.
type DraftRef struct {
	ID             string `json:"id" dynamodbav:"id"`
	RegenCount     int    `json:"regen_count" dynamodbav:"regen_count"`
	CompliancePass bool   `json:"compliance_pass" dynamodbav:"compliance_pass"`
	UpdatedAt      string `json:"updated_at" dynamodbav:"updated_at"`
}

// ReplyRef summarises a thread's recorded reply in lists.
type ReplyRef struct {
	ID        string  `json:"id" dynamodbav:"id"`
	Status    string  `json:"status" dynamodbav:"status"`
	Permalink *string `json:"permalink" dynamodbav:"permalink"`
}

// ThreadDetail is the single-thread answer: the thread with its body, top
// comments, latest draft and recorded reply.
type ThreadDetail struct {
	Thread
	Body        string             `json:"body"`
	TopComments []forumapi.Comment `json:"top_comments"`
	Draft       *Draft             `json:"draft"`
	Reply       *Reply             `json:"reply"`
}

// threadItem is a thread as stored under its site. ResumeStatus is the
// status a blocked thread returns to when its block clears, or a taken one
// when the reply that took it is withdrawn (see take); the flags the
// API does not show (archived, removed, the subforum's rules) are kept for
// the next assessment.
type threadItem struct {
	PK             string     `dynamodbav:"pk"`
	SK             string     `dynamodbav:"sk"`
	AccountID      string     `dynamodbav:"account_id"`
	SiteID         string     `dynamodbav:"site_id"`
	ID             string     `dynamodbav:"id"`
	Status         string     `dynamodbav:"status"`
	ResumeStatus   string     `dynamodbav:"resume_status,omitempty"`
	Fit            *int       `dynamodbav:"fit"`
	MatchedKeyword string     `dynamodbav:"matched_keyword"`
	BlockedReason  *string    `dynamodbav:"blocked_reason"`
	DismissReason  *string    `dynamodbav:"dismiss_reason"`
	Info           ThreadInfo `dynamodbav:"thread"`
	Archived       bool       `dynamodbav:"archived"`
	Removed        bool       `dynamodbav:"removed"`
	RulesKnown     bool       `dynamodbav:"rules_known"`
	PromoBanned    bool       `dynamodbav:"promo_banned"`
	Draft          *DraftRef  `dynamodbav:"draft"`
	Reply          *ReplyRef  `dynamodbav:"reply"`
	FirstSeenAt    string     `dynamodbav:"first_seen_at"`
	LastSeenAt     string     `dynamodbav:"last_seen_at"`
	UpdatedAt      string     `dynamodbav:"updated_at"`
	GSI2PK         string     `dynamodbav:"gsi2pk"`
	GSI2SK         string     `dynamodbav:"gsi2sk"`
	TTL            int64      `dynamodbav:"ttl,omitempty"`
}

// textItem is a thread's body and top comments as last read.
type textItem struct {
	PK       string             `dynamodbav:"pk"`
	SK       string             `dynamodbav:"sk"`
	Body     string             `dynamodbav:"body"`
	Comments []forumapi.Comment `dynamodbav:"comments"`
	TTL      int64              `dynamodbav:"ttl,omitempty"`
}

func (it threadItem) view() Thread {
	return Thread{
		ID: it.ID, Status: it.Status, Fit: it.Fit, MatchedKeyword: it.MatchedKeyword, Channel: Channel,
		BlockedReason: it.BlockedReason, DismissReason: it.DismissReason, Thread: it.Info,
		Draft: it.Draft, Reply: it.Reply, FirstSeenAt: it.FirstSeenAt, LastSeenAt: it.LastSeenAt, UpdatedAt: it.UpdatedAt,
	}
}

// threadNamespace makes thread ids from site and forum ids.
var threadNamespace = uuid.MustParse("6f1c2b8e-3d4a-5e6f-8a9b-0c1d2e3f4a5b")

// ThreadID returns the id of the thread of site siteID for the forum
// thread forumID: the same forum thread always gets the same id on a site,
// so sweeps refresh it instead of adding it again.
func ThreadID(siteID, forumID string) string {
	return uuid.NewSHA1(threadNamespace, []byte(siteID+"#"+forumID)).String()
}

// setSnapshot copies what the forum shows of p.
func (it *threadItem) setSnapshot(p forumapi.Post) {
	it.Info = ThreadInfo{
		ForumID: p.ForumID, Subforum: p.Subforum, Permalink: p.Permalink, Title: p.Title,
		UpVotes: p.UpVotes, NumComments: p.NumComments, PostedAt: clock.Format(p.PostedAt), IsLocked: p.IsLocked,
	}
	it.Archived, it.Removed, it.RulesKnown, it.PromoBanned = p.Archived, p.Removed, p.RulesKnown, p.PromoBanned
}

// setAssessment sets fit and blocked reason and moves the status with them:
// a thread open for work (new, saved, drafted) that becomes blocked goes
// dead (stale when it is only too old) and remembers its status; a blocked
// thread whose block clears returns to that status. Posted and dismissed
// threads keep their status.
func (it *threadItem) setAssessment(blocked string, fit *int) {
	it.Fit, it.BlockedReason = fit, nil
	if blocked != "" {
		it.Fit, it.BlockedReason = nil, &blocked
	}
	switch it.Status {
	case StatusPosted, StatusDismissed:
	case StatusDead, StatusStale:
		if blocked == "" {
			it.Status, it.ResumeStatus = it.ResumeStatus, ""
			if it.Status == "" {
				it.Status = StatusNew
			}
		} else {
			it.Status = blockedStatus(blocked)
		}
	default:
		if blocked != "" {
			it.ResumeStatus, it.Status = it.Status, blockedStatus(blocked)
		}
	}
	it.index()
}

// blockedStatus is the status of a thread blocked for reason.
func blockedStatus(reason string) string {
	if reason == BlockedLikelyArchived {
		return StatusStale
	}
	return StatusDead
}

// maxAge bounds the age part of the list key.
const maxAge = 9_999_999_999

// index sets the GSI2 key that lists the site's threads best fit first
// (blocked threads last), newer threads first among equal fits.
func (it *threadItem) index() {
	rank := 999
	if it.Fit != nil {
		rank = 100 - *it.Fit
	}
	age := int64(maxAge)
	if t, err := clock.Parse(it.Info.PostedAt); err == nil && t.Unix() > 0 {
		age = max(0, maxAge-t.Unix())
	}
	it.GSI2PK = dynamo.ForumThreadsByFitPK(it.SiteID)
	it.GSI2SK = fmt.Sprintf("%03d#%010d#%s", rank, age, it.ID)
}

// newThread returns the item of a thread first seen at now.
func newThread(accountID, siteID string, p forumapi.Post, keyword string, now time.Time) threadItem {
	id := ThreadID(siteID, p.ForumID)
	at := clock.Format(now)
	it := threadItem{
		PK: dynamo.SitePK(siteID), SK: dynamo.ForumThreadSK(id), AccountID: accountID, SiteID: siteID,
		ID: id, Status: StatusNew, MatchedKeyword: keyword, FirstSeenAt: at, LastSeenAt: at, UpdatedAt: at,
	}
	it.setSnapshot(p)
	return it
}

// text returns the text item of a thread.
func textOf(siteID, threadID string, p forumapi.Post) textItem {
	comments := p.Comments
	if comments == nil {
		comments = []forumapi.Comment{}
	}
	return textItem{PK: dynamo.SitePK(siteID), SK: dynamo.ForumThreadTextSK(threadID), Body: p.Body, Comments: comments}
}

// ForgetAfter is how long a thread nobody acted on is kept after a sweep
// last saw it.
const ForgetAfter = 90 * 24 * time.Hour

// forgotten reports whether the thread's time to be forgotten has come at
// now (its item may still await the table's TTL).
func (it threadItem) forgotten(now time.Time) bool {
	return it.TTL != 0 && it.TTL <= now.Unix()
}

// expiry returns when the table may drop the thread (Unix seconds):
// ForgetAfter after a sweep last saw it for a thread nobody acted on (new,
// dead or stale, without a draft or reply, or taken by another site's
// reply while new), 0 (kept) otherwise. A thread a
// person saved or dismissed was acted on: it is kept, so a later sweep
// never brings a dismissed thread back as new.
func (it threadItem) expiry() int64 {
	if it.Draft != nil || it.Reply != nil {
		return 0
	}
	status := it.Status
	if it.taken() {
		status = it.ResumeStatus // taken by another site's reply, not acted on here
	}
	switch status {
	case StatusSaved, StatusDrafted, StatusPosted, StatusDismissed:
		return 0
	}
	t, err := clock.Parse(it.LastSeenAt)
	if err != nil {
		return 0
	}
	return t.Add(ForgetAfter).Unix()
}
