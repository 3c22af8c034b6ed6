package forum

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"rvcontent/shared/platform/forumapi"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Sweep sizes.
const (
	// ResultsPerKeyword is how many threads one keyword's search reads.
	ResultsPerKeyword = 25
	// DetailsPerSweep bounds the new threads whose body and top comments a
	// sweep reads one by one (when the search gave neither).
	DetailsPerSweep = 25
)

// found is a thread a sweep's search returned, with the first keyword
// that found it.
type found struct {
	post    forumapi.Post
	keyword string
}

// RunSweep is the forum.sweep job runner: it searches the forum for each
// of the site's keywords, scores each thread found, creates the new ones
// (opportunities are those not blocked) and refreshes the others, then
// releases the site's lock, sets last_sweep_at and emits
// forum.sweep_completed in the transaction that completes the job.
func (s *Service) RunSweep(ctx context.Context, run *jobs.Run) (result any, err error) {
	siteID := aws.ToString(run.Job.SiteID)
	defer func() {
		if err != nil && (apperr.CodeOf(err) != apperr.Internal || run.Job.Attempts >= jobs.MaxAttempts) {
			s.releaseSweep(ctx, siteID, run.Job.ID)
		}
	}()
	site, err := s.Sites.Get(ctx, run.AccountID, siteID)
	if err != nil {
		return nil, err
	}
	st, _, err := s.loadSettings(ctx, run.AccountID, siteID)
	if err != nil {
		return nil, err
	}
	keywords, topics := s.sweepKeywords(ctx, run.AccountID, site, st)
	posts, err := s.search(ctx, keywords)
	if err != nil {
		return nil, err
	}
	now := s.Clock.Now()
	j := judge{settings: st, vocab: vocabulary{}, now: now}
	j.vocab.add(keywords...)
	j.vocab.add(topics...)
	res := SweepResult{ThreadsSeen: len(posts)}
	details := 0
	for _, f := range posts {
		created, fetched, err := s.upsertThread(ctx, run.AccountID, siteID, f, j, details < DetailsPerSweep)
		if err != nil {
			return nil, err
		}
		if fetched {
			details++
		}
		if created {
			res.OpportunitiesCreated++
		}
	}
	return nil, s.finishSweep(ctx, run, siteID, res)
}

// search runs one search per keyword and returns each thread once, with
// the first keyword that found it.
func (s *Service) search(ctx context.Context, keywords []string) ([]found, error) {
	var out []found
	seen := map[string]bool{}
	for _, kw := range keywords {
		posts, err := s.Platform.Search(ctx, kw, ResultsPerKeyword)
		if err != nil {
			return nil, apperr.Wrap("forum.search", err)
		}
		for _, p := range posts {
			if p.ForumID != "" && !seen[p.ForumID] {
				seen[p.ForumID] = true
				out = append(out, found{post: p, keyword: kw})
			}
		}
	}
	return out, nil
}

// upsertThread creates the site's thread for f or refreshes it. It
// reports whether it created an opportunity (a new thread that is not
// blocked, nor taken by another site's reply), and whether it read the
// thread's details from the forum (only for new open threads the search
// gave without them, when mayFetch).
func (s *Service) upsertThread(ctx context.Context, accountID, siteID string, f found, j judge, mayFetch bool) (created, fetched bool, err error) {
	p := f.post
	for attempt := 0; attempt < 3; attempt++ {
		th, err := s.readThread(ctx, siteID, ThreadID(siteID, p.ForumID))
		isNew := apperr.Is(err, apperr.NotFound)
		if err != nil && !isNew {
			return false, false, err
		}
		replaces := "" // a forgotten thread's item, not yet deleted, is replaced by the new one
		if !isNew && th.forgotten(j.now) {
			isNew, replaces = true, th.UpdatedAt
		}
		blocked, fit := j.assess(p, f.keyword)
		if isNew && blocked == "" && !p.Detailed && mayFetch && !fetched {
			if d, derr := s.Platform.Thread(ctx, p.ForumID); derr == nil {
				p, fetched = d, true
				blocked, fit = j.assess(p, f.keyword)
			} else {
				slog.WarnContext(ctx, "forum thread details", "forum_id", p.ForumID, "err", derr)
			}
		}
		before := replaces
		if isNew {
			th = newThread(accountID, siteID, p, f.keyword, j.now)
		} else {
			before = th.UpdatedAt
			th.setSnapshot(p)
			th.LastSeenAt = clock.Format(j.now)
		}
		th.setAssessment(blocked, fit)
		taken := false
		if isNew {
			// A forum thread another site of the account replied in is
			// taken from the start (one reply per thread per account).
			elsewhere, err := s.claimedElsewhere(ctx, accountID, siteID, p.ForumID)
			if err != nil {
				return false, fetched, err
			}
			taken = elsewhere && th.take()
		}
		tx := &dynamo.Tx{}
		th = s.putThread(tx, before, th)
		if isNew || p.Detailed {
			putText(tx, th, textOf(siteID, th.ID, p))
		} else {
			// A search result carries the body at most, never the top
			// comments: the comments read before stay, and the text
			// expires with the thread.
			refreshText(tx, th, p.Body)
		}
		err = s.Table.Commit(ctx, tx, nil)
		if dynamo.LostRace(err, "thread") {
			continue
		}
		if err != nil {
			return false, fetched, apperr.Wrap("forum.upsertThread", err)
		}
		return isNew && blocked == "" && !taken, fetched, nil
	}
	return false, fetched, nil // a person kept changing it: leave it for the next sweep
}

// finishSweep ends the job: lock released, last_sweep_at set and
// forum.sweep_completed emitted with the job's completion. A lock another
// sweep took over (this one outlived its lease) is left alone.
func (s *Service) finishSweep(ctx context.Context, run *jobs.Run, siteID string, res SweepResult) error {
	for _, release := range []bool{true, false} {
		now := s.Clock.Now()
		tx := &dynamo.Tx{}
		tx.Update("forum", dynamo.SitePK(siteID), dynamo.ForumSettingsSK, sweepEndUpdate(run.Job.ID, now, release))
		s.Events.Emit(tx, run.AccountID, siteID, "forum.sweep_completed", map[string]any{
			"job_id": run.Job.ID, "threads_seen": res.ThreadsSeen, "opportunities_created": res.OpportunitiesCreated,
		})
		run.CompleteIn(tx, now, res)
		err := s.Table.Commit(ctx, tx, nil)
		if release && dynamo.FailedOn(err, "forum") {
			continue
		}
		return apperr.Wrap("forum.finishSweep", err)
	}
	return nil
}

// sweepEndUpdate sets last_sweep_at and, with release, removes the lock of
// job jobID (on the condition that it still holds it).
func sweepEndUpdate(jobID string, now time.Time, release bool) *types.Update {
	u := &types.Update{
		UpdateExpression:    aws.String("SET last_sweep_at = :now ADD version :one"),
		ConditionExpression: aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now": &types.AttributeValueMemberS{Value: clock.Format(now)},
			":one": &types.AttributeValueMemberN{Value: "1"},
		},
	}
	if release {
		u.UpdateExpression = aws.String("SET last_sweep_at = :now REMOVE sweep_job_id, sweep_until ADD version :one")
		u.ConditionExpression = aws.String("sweep_job_id = :job")
		u.ExpressionAttributeValues[":job"] = &types.AttributeValueMemberS{Value: jobID}
	}
	return u
}

// releaseSweep frees the site's lock held by job jobID after the job
// failed for good.
func (s *Service) releaseSweep(ctx context.Context, siteID, jobID string) {
	_, err := s.Table.Update(ctx, dynamo.SitePK(siteID), dynamo.ForumSettingsSK, &dynamodb.UpdateItemInput{
		UpdateExpression:          aws.String("REMOVE sweep_job_id, sweep_until ADD version :one"),
		ConditionExpression:       aws.String("sweep_job_id = :job"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":job": &types.AttributeValueMemberS{Value: jobID}, ":one": &types.AttributeValueMemberN{Value: "1"}},
	})
	if err != nil && !errors.Is(err, dynamo.ErrConditionFailed) {
		slog.ErrorContext(ctx, "release forum sweep lock", "site_id", siteID, "job_id", jobID, "err", err)
	}
}
