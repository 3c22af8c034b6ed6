package writing

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// watchKind is the due-work kind of generations whose job may have died.
const watchKind = "generation"

// A watch first checks its job watchAfter the start (past the job's three
// attempts, their leases and retry delays), then every watchEvery.
const (
	watchAfter = 20 * time.Minute
	watchEvery = 10 * time.Minute
)

// watchItem follows one generation until its job ends. The job's own end
// removes it in the same transaction; if it is still there once the job
// has ended, the job died without cleaning up and the scheduled Recover
// does.
type watchItem struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	jobInput
	AccountID string `dynamodbav:"account_id"`
	JobID     string `dynamodbav:"job_id"`
	GSI1PK    string `dynamodbav:"gsi1pk"`
	GSI1SK    string `dynamodbav:"gsi1sk"`
}

func watchDue(t time.Time, accountID, articleID string) string {
	return dynamo.TimeKey(clock.SortKey(t), accountID+"#"+articleID)
}

// watch adds the watch of a new generation to tx.
func (s *Service) watch(tx *dynamo.Tx, accountID, jobID string, in jobInput) {
	tx.Put("watch", watchItem{
		PK: dynamo.AccountPK(accountID), SK: dynamo.GenerationSK(in.ArticleID), jobInput: in, AccountID: accountID, JobID: jobID,
		GSI1PK: dynamo.DuePK(watchKind), GSI1SK: watchDue(s.Clock.Now().Add(watchAfter), accountID, in.ArticleID),
	}, "", nil)
}

// unwatch adds to tx the removal of jobID's watch. Only one path ends a
// generation: the commit fails, naming "watch", when another already did.
func unwatch(tx *dynamo.Tx, accountID, articleID, jobID string) {
	tx.Raw("watch", types.TransactWriteItem{Delete: &types.Delete{
		Key:                       dynamo.Key(dynamo.AccountPK(accountID), dynamo.GenerationSK(articleID)),
		ConditionExpression:       aws.String("job_id = :job"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":job": &types.AttributeValueMemberS{Value: jobID}},
	}})
}

// watchBatch bounds the watches one scheduled run checks.
const watchBatch = 100

// Recover checks the generations whose watch is due: a job still running
// is checked again later; a job that ended without ending its generation
// (it died on its last attempt, or could not run) has its article put back
// to scheduled and its credit refunded, with article.generation_failed.
func (s *Service) Recover(ctx context.Context) error {
	now := s.Clock.Now()
	items, err := dynamo.Due[watchItem](ctx, s.Table, watchKind, clock.SortKey(now), watchBatch)
	if err != nil {
		return err
	}
	var errs []error
	for _, w := range items {
		if err := s.recoverOne(ctx, w, now); err != nil {
			slog.ErrorContext(ctx, "recover generation", "article_id", w.ArticleID, "job_id", w.JobID, "err", err)
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (s *Service) recoverOne(ctx context.Context, w watchItem, now time.Time) error {
	job, err := s.JobStore.Get(ctx, w.AccountID, w.JobID)
	switch {
	case errors.Is(err, jobs.ErrNotFound):
		job = jobs.Job{ID: w.JobID, Status: jobs.Failed}
	case err != nil:
		return err
	}
	if !job.Terminal() {
		_, err := s.Table.Update(ctx, w.PK, w.SK, &dynamodb.UpdateItemInput{
			UpdateExpression:    aws.String("SET gsi1sk = :next"),
			ConditionExpression: aws.String("gsi1sk = :old"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":next": &types.AttributeValueMemberS{Value: watchDue(now.Add(watchEvery), w.AccountID, w.ArticleID)},
				":old":  &types.AttributeValueMemberS{Value: w.GSI1SK},
			},
		})
		if errors.Is(err, dynamo.ErrConditionFailed) {
			return nil
		}
		return err
	}
	jobErr := jobs.Error{Code: "generation_failed", Message: "The article could not be written. The credit was refunded; try again later."}
	if job.Error != nil {
		jobErr = *job.Error
	}
	return s.giveUp(ctx, w.AccountID, w.JobID, w.jobInput, nil, jobErr)
}

// dropWatch removes jobID's watch, if it is still there, on its own.
func (s *Service) dropWatch(ctx context.Context, accountID, articleID, jobID string) error {
	_, err := s.Table.Client.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName:                 aws.String(s.Table.Name),
		Key:                       dynamo.Key(dynamo.AccountPK(accountID), dynamo.GenerationSK(articleID)),
		ConditionExpression:       aws.String("job_id = :job"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":job": &types.AttributeValueMemberS{Value: jobID}},
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return nil
	}
	return err
}
