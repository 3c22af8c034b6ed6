package simpay

import (
	"context"
	"log/slog"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// maxCycles bounds the periods one run catches up on for a subscription.
const maxCycles = 36

// renewWorkers is how many subscriptions a run renews at once.
const renewWorkers = 8

// Renew works off every subscription whose period ended (the service
// clock passed current_period_end), however many are due: a scheduled
// cancellation ends it; a subscription still past due a full period after
// its payment failed ends too (as Stripe does once its retries are spent);
// otherwise the next period starts and its invoice (the plan plus Studio
// sites) is charged to the card on file, going past_due when that fails.
// Each outcome is reported to the sink. A subscription another run (or a
// charge's catch-up) renewed first is not an error. Safe to run again.
func (p *Processor) Renew(ctx context.Context) error {
	run, err := dynamo.DrainDue(ctx, p.Table, RenewalKind, clock.SortKey(p.Clock.Now())+"~", renewWorkers, func(ctx context.Context, s subItem) error {
		return p.catchUp(ctx, s.ID)
	})
	if run.More {
		slog.InfoContext(ctx, "renewals left for the next run", "renewed", run.Handled, "failed", run.Failed)
	}
	return err
}

// catchUp handles every period end of subscription id that has come, as a
// real processor's subscription rolls at its period's end whoever looks.
// Losing the race for the subscription to another renewal of it means
// that one did the work.
func (p *Processor) catchUp(ctx context.Context, id string) error {
	for cycle := 0; cycle < maxCycles; cycle++ {
		more, err := p.renewOnce(ctx, id)
		if dynamo.LostRace(err, "sub") {
			slog.DebugContext(ctx, "subscription renewed by another run", "subscription", id)
			return nil
		}
		if err != nil {
			slog.ErrorContext(ctx, "renew a simulated subscription", "subscription", id, "err", err)
			return err
		}
		if !more {
			return nil
		}
	}
	return nil
}

// renewOnce handles one period end of subscription id, if it has come, and
// reports whether another may be due.
func (p *Processor) renewOnce(ctx context.Context, id string) (bool, error) {
	s, err := p.getSub(ctx, id)
	if err != nil {
		return false, err
	}
	end := at(s.PeriodEnd)
	if s.Status == payments.StatusCanceled || p.Clock.Now().Before(end) {
		if s.Status == payments.StatusCanceled && s.GSI1PK != "" {
			s.GSI1PK, s.GSI1SK = "", ""
			tx := &dynamo.Tx{}
			putSub(tx, &s)
			return false, p.Table.Commit(ctx, tx, nil)
		}
		return false, nil
	}
	tx := &dynamo.Tx{}
	ev := payments.Event{ID: "evt_" + s.ID + "_" + clock.SortKey(end), AccountID: s.AccountID}
	if s.CancelAtPeriodEnd || s.Status == payments.StatusPastDue {
		if s.Status == payments.StatusPastDue {
			// The declined renewal that made it past due may not have
			// reached the sink yet (another run's report still on its
			// way, or one that failed): report it again first, so the
			// end never overtakes it. The sink drops an event it applied.
			// The subscription ends whatever the sink answers, as a
			// processor's does.
			failed := payments.Event{ID: "evt_" + s.ID + "_" + clock.SortKey(at(s.PeriodStart)), Type: payments.InvoiceFailed,
				AccountID: s.AccountID, Amount: monthly(&s), Subscription: s.snapshot()}
			if err := p.report(ctx, failed); err != nil {
				slog.WarnContext(ctx, "report a past-due subscription's failed renewal again", "subscription", s.ID, "err", err)
			}
		}
		s.Status, s.GSI1PK, s.GSI1SK = payments.StatusCanceled, "", ""
		ev.Type = payments.SubscriptionEnded
		putSub(tx, &s)
		return false, p.commitAndReport(ctx, tx, s, ev)
	}
	if s.Status == payments.StatusTrialing {
		s.Anchor, s.Cycle, s.TrialEnd = s.TrialEnd, 0, ""
	}
	s.Cycle++
	s.setPeriod(end, payments.AddMonths(at(s.Anchor), s.Cycle))
	amount := monthly(&s)
	outcome := s.card().outcome()
	tx.PutNew("charge", newCharge(&s, amount, "Plan: renewal", "", outcome, end))
	ev.Type, ev.Amount = payments.InvoicePaid, amount
	s.Status = payments.StatusActive
	if outcome != nil {
		ev.Type, s.Status = payments.InvoiceFailed, payments.StatusPastDue
	}
	putSub(tx, &s)
	return true, p.commitAndReport(ctx, tx, s, ev)
}

func (p *Processor) commitAndReport(ctx context.Context, tx *dynamo.Tx, s subItem, ev payments.Event) error {
	if err := p.Table.Commit(ctx, tx, nil); err != nil {
		return err
	}
	ev.Subscription = s.snapshot()
	return p.report(ctx, ev)
}
