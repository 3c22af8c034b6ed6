package contentfns

import (
	"context"

	"rvcontent/shared/compose"
	"rvcontent/shared/compose/backlinksfn"
	"rvcontent/shared/compose/contentbase"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/scheduler"
)

// Scheduler runs the periodic work, in this order: sweeps of lost work,
// billing (card checks, the simulated processor's renewals, what Studio
// sites still have to follow of a subscription change, the site changes
// whose lock lapsed, then Studio site removals), webhooks, writing and
// autopilot, the backlink exchange (domain re-checks, due placement steps,
// then matching, so a reservation is placed at the run after it was made)
// and forum presence.
func Scheduler(g *compose.Graph) *scheduler.Scheduler {
	task := func(name string, run func(context.Context) error) scheduler.Task {
		return scheduler.Task{Name: name, Run: run}
	}
	// Sweeping lost jobs runs none: it needs no runners.
	worker := &jobs.Worker{Table: compose.Table(g), Clock: g.Clock, Enqueuer: compose.Enqueuer(g)}
	fanout, sweeper, hooks := compose.Fanout(g), compose.MailSweeper(g), compose.Webhooks(g)
	ts := []scheduler.Task{
		task("jobs.sweep", func(ctx context.Context) error { _, err := worker.Sweep(ctx); return err }),
		task("events.outbox", func(ctx context.Context) error { _, err := fanout.Sweep(ctx); return err }),
		task("mail.outbox", func(ctx context.Context) error { _, err := sweeper.Sweep(ctx); return err }),
		task("billing.card_checks", compose.Billing(g).CheckCards),
	}
	if p, ok := g.Payments.(interface{ Tasks() []scheduler.Task }); ok {
		// The simulated processor's renewals come before the removals due
		// at the same period ends (billing never prices against an ended
		// period either way; this keeps the dev stack's events in order).
		ts = append(ts, p.Tasks()...)
	}
	ts = append(ts,
		task("billing.site_follow", compose.Billing(g).FollowSites),
		task("billing.site_locks", compose.Billing(g).ReleaseLapsedLocks),
		task("billing.site_removals", compose.Studio(g).ArchiveDue),
		task("webhooks.deliveries", func(ctx context.Context) error { _, err := hooks.SweepDeliveries(ctx); return err }),
		task("webhooks.catchup", func(ctx context.Context) error { _, err := hooks.CatchUp(ctx); return err }),
		task("webhooks.health", func(ctx context.Context) error { _, err := hooks.CheckHealth(ctx); return err }),
		task("writing.recover", Writing(g).Recover),
		task("autopilot.slots", Autopilot(g).RunDue),
		task("backlinks.domains", backlinksfn.Backlinks(g).RecheckDomains),
		task("backlinks.placements", backlinksfn.Backlinks(g).RunDue),
		task("backlinks.match", backlinksfn.Backlinks(g).Match),
		task("forum.sweeps", contentbase.Forum(g).SweepDue),
		task("forum.reply_checks", contentbase.Forum(g).CheckReplies),
	)
	return &scheduler.Scheduler{Tasks: ts}
}
