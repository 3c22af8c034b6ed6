package forum

import (
	"context"
	"errors"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"time"

	"rvcontent/shared/platform/forumapi"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
)

// LikelyArchivedAfter is the age past which a thread is taken as archived
// (forums commonly close threads after six months).
const LikelyArchivedAfter = 180 * 24 * time.Hour

// OffTopicDensity is the share of a body's words that must be the site's
// topic words for a thread whose title names none of them to count as on
// topic: below it the keyword only came up in passing.
const OffTopicDensity = 0.1

// judge scores threads for one site: how well a reply from the site would
// fit, and why none belongs there.
type judge struct {
	settings settingsItem
	// vocab holds the site's topic words: its keywords, topic tags, niche,
	// brand name and product description.
	vocab vocabulary
	now   time.Time
}

// assess returns the thread's blocked reason ("" when open) and its fit
// (nil when blocked).
func (j judge) assess(p forumapi.Post, keyword string) (string, *int) {
	if b := platformBlock(p, j.now); b != "" {
		return b, nil
	}
	if j.settings.denies(p.Subforum) {
		return BlockedSubforumDenied, nil
	}
	if p.PromoBanned {
		return BlockedPromoBanned, nil
	}
	titleHits, bodyHits := j.vocab.hits(p.Title), j.vocab.hits(p.Body)
	if titleHits == 0 && j.vocab.density(p.Body) < OffTopicDensity {
		return BlockedOffTopic, nil
	}
	fit := j.fit(p, keyword, titleHits, bodyHits)
	return "", &fit
}

// platformBlock returns the reason the forum itself keeps replies out of
// the thread: removed, archived, locked, or too old to be open.
func platformBlock(p forumapi.Post, now time.Time) string {
	switch {
	case p.Removed:
		return BlockedRemoved
	case p.Archived:
		return BlockedArchived
	case p.IsLocked:
		return BlockedLocked
	case !p.PostedAt.IsZero() && now.Sub(p.PostedAt) > LikelyArchivedAfter:
		return BlockedLikelyArchived
	}
	return ""
}

// questionCue finds a thread that asks for help or a recommendation.
var questionCue = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\?|\b(recommend\w*|suggest\w*|looking for|alternatives?|how (do|can|to|should)|what('s| is| are) the best|which \w+|any (tips|advice|ideas)|advice|help)\b`)
})

// fit scores a reply's fit from 0 to 100: relevance to the site's topics
// (up to 66: topic words in the title, the keyword phrase in the title,
// topic words in the body), whether the thread asks for help (12),
// engagement (up to 14: some votes, few enough comments to be seen) and
// freshness (up to 8).
func (j judge) fit(p forumapi.Post, keyword string, titleHits, bodyHits int) int {
	score := min(titleHits, 3)*12 + min(bodyHits, 4)*4
	if keyword != "" && strings.Contains(" "+strings.Join(Words(p.Title), " ")+" ", " "+strings.Join(Words(keyword), " ")+" ") {
		score += 14
	}
	if questionCue().MatchString(p.Title) {
		score += 12
	}
	score += votePoints(p.UpVotes) + commentPoints(p.NumComments) + freshPoints(j.now.Sub(p.PostedAt))
	return max(0, min(100, score))
}

func votePoints(v int) int {
	switch {
	case v >= 100:
		return 6 // a crowded thread buries new replies
	case v >= 20:
		return 8
	case v >= 5:
		return 6
	case v >= 1:
		return 3
	}
	return 0
}

func commentPoints(n int) int {
	switch {
	case n == 0:
		return 4
	case n <= 20:
		return 6
	case n <= 100:
		return 3
	}
	return 1
}

func freshPoints(age time.Duration) int {
	days := age.Hours() / 24
	switch {
	case days <= 2:
		return 8
	case days <= 7:
		return 6
	case days <= 30:
		return 3
	case days <= 90:
		return 1
	}
	return 0
}

// refresh reads the thread again from the forum before a draft: its
// snapshot and text are updated, and a thread the forum now keeps replies
// out of (or that the settings now deny) is stored as blocked and refused.
// When the forum cannot be read the stored thread is used.
func (s *Service) refresh(ctx context.Context, th threadItem, st settingsItem) (threadItem, textItem, error) {
	p, err := s.Platform.Thread(ctx, th.Info.ForumID)
	if err != nil && !errors.Is(err, forumapi.ErrNoThread) {
		slog.WarnContext(ctx, "forum thread refresh failed; drafting from the stored thread", "thread_id", th.ID, "err", err)
		text, terr := s.getText(ctx, th.SiteID, th.ID)
		return th, text, terr
	}
	if errors.Is(err, forumapi.ErrNoThread) {
		p = th.post()
		p.Removed = true
	}
	before := th.UpdatedAt
	th.setSnapshot(p)
	blocked := platformBlock(p, s.Clock.Now())
	if blocked == "" && st.denies(p.Subforum) {
		blocked = BlockedSubforumDenied
	}
	if blocked == "" && p.PromoBanned {
		blocked = BlockedPromoBanned
	}
	text := textOf(th.SiteID, th.ID, p)
	if blocked == "" {
		return th, text, nil
	}
	th.setAssessment(blocked, nil)
	tx := &dynamo.Tx{}
	putText(tx, s.putThread(tx, before, th), text)
	if err := s.Table.Commit(ctx, tx, nil); err != nil && !dynamo.LostRace(err, "thread") {
		return threadItem{}, textItem{}, apperr.Wrap("forum.refresh", err)
	}
	return threadItem{}, textItem{}, draftable(th)
}

// post returns the thread's snapshot as a Post.
func (it threadItem) post() forumapi.Post {
	p := forumapi.Post{
		ForumID: it.Info.ForumID, Subforum: it.Info.Subforum, Permalink: it.Info.Permalink, Title: it.Info.Title,
		UpVotes: it.Info.UpVotes, NumComments: it.Info.NumComments, IsLocked: it.Info.IsLocked,
		Archived: it.Archived, Removed: it.Removed, RulesKnown: it.RulesKnown, PromoBanned: it.PromoBanned,
	}
	if t, err := time.Parse(time.RFC3339Nano, it.Info.PostedAt); err == nil {
		p.PostedAt = t
	}
	return p
}
