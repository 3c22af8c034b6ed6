package research

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// planTTL is how long a job's stored plan is kept: far longer than a job's
// retries take.
const planTTL = 7 * 24 * time.Hour

// opsPerBatch is how many planned writes one transaction applies: each
// takes at most two items (a keyword and its name; an article and its
// event), and the batch adds its progress and perhaps an activity entry,
// so a transaction never exceeds 100 items.
const opsPerBatch = 48

// Plan is the writes one job makes to a site, decided before the first of
// them: keywords to add (or, with ReplaceKeywords, to overwrite when the
// site has the name), unwritten articles the new ones replace, and new
// articles with their article.created events. It is stored under the
// job's id so that a retried attempt applies what is left instead of
// deciding again.
type Plan struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	AccountID string `dynamodbav:"account_id"`
	SiteID    string `dynamodbav:"site_id"`
	JobID     string `dynamodbav:"job_id"`
	// Keywords are added; a name the site already has is kept as it is,
	// or overwritten (same id) with ReplaceKeywords.
	Keywords        []keywords.Keyword `dynamodbav:"keywords"`
	ReplaceKeywords bool               `dynamodbav:"replace_keywords"`
	// Replace are unwritten articles to delete (article.deleted); one the
	// user wrote meanwhile is left alone.
	Replace []Ref `dynamodbav:"replace"`
	// Create are new articles, each with article.created of Source.
	Create []articles.Article `dynamodbav:"create"`
	Source string             `dynamodbav:"source"`
	// Note, when set, is the activity entry recorded with the last batch.
	Note *Note `dynamodbav:"note"`
	// Result is the job's result as JSON, returned again on a retry.
	Result string `dynamodbav:"result"`
	// Done counts the batches applied.
	Done int   `dynamodbav:"done"`
	TTL  int64 `dynamodbav:"ttl"`
}

// Ref names an article.
type Ref struct {
	ID    string `dynamodbav:"id"`
	Title string `dynamodbav:"title"`
}

// Note is an activity entry to record with a plan's last batch.
type Note struct {
	Actor   auth.Actor `dynamodbav:"actor"`
	IP      string     `dynamodbav:"ip"`
	Action  string     `dynamodbav:"action"`
	Summary string     `dynamodbav:"summary"`
}

// empty reports whether the plan writes nothing.
func (p *Plan) empty() bool {
	return len(p.Keywords) == 0 && len(p.Replace) == 0 && len(p.Create) == 0
}

// batches is how many transactions apply the plan.
func (p *Plan) batches() int {
	n := len(p.Keywords) + len(p.Replace) + len(p.Create)
	return (n + opsPerBatch - 1) / opsPerBatch
}

// Plans stores plans and applies them.
type Plans struct {
	Table    *dynamo.Table
	Clock    clock.Clock
	Keywords *keywords.Store
	Articles *articles.Store
	Events   *eventlog.Writer
}

// Load returns the stored plan of job jobID on the site, if any.
func (s *Plans) Load(ctx context.Context, siteID, jobID string) (*Plan, bool, error) {
	var p Plan
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.PlanRunSK(jobID), &p)
	if errors.Is(err, dynamo.ErrNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, apperr.Wrap("research.LoadPlan", err)
	}
	return &p, true, nil
}

// Apply stores p as job jobID's plan, unless one is stored already (then
// that one wins and is returned), and applies the batches not yet done.
func (s *Plans) Apply(ctx context.Context, jobID string, p *Plan) (*Plan, error) {
	if p.empty() {
		return p, nil
	}
	p.PK, p.SK, p.JobID = dynamo.SitePK(p.SiteID), dynamo.PlanRunSK(jobID), jobID
	p.Done, p.TTL = 0, s.Clock.Now().Add(planTTL).Unix()
	if err := s.Table.PutNew(ctx, p); errors.Is(err, dynamo.ErrConditionFailed) {
		stored, _, err := s.Load(ctx, p.SiteID, jobID)
		if err != nil || stored == nil {
			return nil, apperr.Wrap("research.Apply", errors.New("the stored plan vanished"))
		}
		p = stored
	} else if err != nil {
		return nil, apperr.Wrap("research.Apply", err)
	}
	return p, s.Resume(ctx, p)
}

// Resume applies the batches of stored plan p that are not done yet, in
// order. Each batch commits with the plan's progress, so it commits once.
func (s *Plans) Resume(ctx context.Context, p *Plan) error {
	for i := p.Done; i < p.batches(); i = p.Done {
		if err := s.batch(ctx, p, i); err != nil {
			return err
		}
	}
	return nil
}

// batch commits batch i of p. The writes are built from the site's
// current state (a keyword added or an article written meanwhile changes
// what they are); a transaction that loses a race with another change is
// built again.
func (s *Plans) batch(ctx context.Context, p *Plan, i int) error {
	for try := 0; try < 4; try++ {
		tx, err := s.build(ctx, p, i)
		if err != nil {
			return err
		}
		tx.Update("plan_progress", p.PK, p.SK, &types.Update{
			UpdateExpression:    aws.String("SET done = :next"),
			ConditionExpression: aws.String("done = :done"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":done": &types.AttributeValueMemberN{Value: strconv.Itoa(i)},
				":next": &types.AttributeValueMemberN{Value: strconv.Itoa(i + 1)},
			},
		})
		err = s.Table.Commit(ctx, tx, nil)
		var ce *dynamo.CanceledError
		switch {
		case err == nil:
			p.Done = i + 1
			return nil
		case errors.As(err, &ce) && ce.Has("plan_progress"):
			stored, found, err := s.Load(ctx, p.SiteID, p.JobID)
			if err != nil || !found || stored.Done <= i {
				return apperr.Wrap("research.batch", errors.New("another attempt holds the plan"))
			}
			p.Done = stored.Done // another attempt applied it
			return nil
		case errors.As(err, &ce):
			continue // raced a change of the site: build again
		default:
			return apperr.Wrap("research.batch", err)
		}
	}
	return apperr.Wrap("research.batch", errors.New("the site kept changing"))
}

// build returns the writes of batch i of p.
func (s *Plans) build(ctx context.Context, p *Plan, i int) (*dynamo.Tx, error) {
	tx := &dynamo.Tx{}
	lo, hi := i*opsPerBatch, min((i+1)*opsPerBatch, len(p.Keywords)+len(p.Replace)+len(p.Create))
	var existing map[string]keywords.Keyword
	for op := lo; op < hi; op++ {
		switch {
		case op < len(p.Keywords):
			if existing == nil {
				var err error
				if existing, err = s.Keywords.ByName(ctx, p.SiteID); err != nil {
					return nil, err
				}
			}
			k := p.Keywords[op]
			if old, ok := existing[k.Name]; !ok {
				keywords.AddIn(tx, p.AccountID, k)
			} else if p.ReplaceKeywords {
				k.ID, k.CreatedAt = old.ID, old.CreatedAt
				keywords.ReplaceIn(tx, p.AccountID, k)
			}
		case op < len(p.Keywords)+len(p.Replace):
			if err := s.replace(ctx, tx, p, p.Replace[op-len(p.Keywords)]); err != nil {
				return nil, err
			}
		default:
			a := p.Create[op-len(p.Keywords)-len(p.Replace)]
			articles.PutNew(tx, p.AccountID, a)
			s.Events.Emit(tx, p.AccountID, p.SiteID, "article.created", map[string]any{"article": a.WithoutBody(), "source": p.Source})
		}
	}
	if p.Note != nil && i == p.batches()-1 {
		who := auth.Principal{AccountID: p.AccountID, Actor: p.Note.Actor, IP: p.Note.IP}
		activity.Record(tx, s.Clock.Now(), who, activity.Change{
			Action: p.Note.Action, SiteID: p.SiteID, Resource: activity.Resource{Type: "site", ID: p.SiteID}, Summary: p.Note.Summary,
		})
	}
	return tx, nil
}

// replace adds the deletion of an unwritten article that a new one
// replaces, unless it is gone or was written meanwhile.
func (s *Plans) replace(ctx context.Context, tx *dynamo.Tx, p *Plan, ref Ref) error {
	a, err := s.Articles.Get(ctx, p.SiteID, ref.ID)
	if errors.Is(err, articles.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if !a.Unwritten() {
		return nil // written articles are never touched
	}
	articles.DeleteUnwrittenIn(tx, p.SiteID, a.ID)
	s.Events.Emit(tx, p.AccountID, p.SiteID, "article.deleted", map[string]any{"article_id": a.ID, "title": a.Title})
	return nil
}
