package compose

import (
	"context"

	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/feature/autopilot"
	"rvcontent/shared/feature/publish"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/scheduler"
	"rvcontent/shared/feature/writing"
)

// wireWriting wires writing and finishing articles, scoring, publishing
// and autopilot: the generate, rewrite-section, score, finish and publish
// endpoints, the autopilot settings, the article.generate job runner, and
// the scheduled autopilot slots and generation clean-up.
func (a *App) wireWriting() {
	t, c := a.Table, a.Clock
	writer, ok := a.model().(writing.Writer)
	if !ok {
		panic("compose: the configured model cannot write articles")
	}
	w := &writing.Service{
		Table: t, Clock: c, Articles: a.ArticleStore, Sites: a.Sites, Scans: &scans.Store{Table: t, Sites: a.Sites},
		Credits: a.Credits, Jobs: a.Enqueuer, JobStore: a.JobStore, Events: a.Events, Writer: writer, AI: a.AI,
	}
	a.JobWorker.Runners[writing.Kind] = w
	pub := &publish.Service{
		Table: t, Clock: c, Articles: a.ArticleStore, Sites: a.Sites, Events: a.Events,
		Pusher: a.pusher, Verified: verifiedDomains{a},
	}
	pilot := &autopilot.Service{Table: t, Clock: c, Sites: a.Sites, Articles: a.ArticleStore, Gate: a.Gate, Events: a.Events, Writer: w}
	a.register((&agentapi.Writing{Articles: a.Articles, Writing: w, Publish: pub}).Handlers())
	a.register((&agentapi.Autopilot{Autopilot: pilot}).Handlers())
	a.Scheduler.Tasks = append(a.Scheduler.Tasks,
		scheduler.Task{Name: "writing.recover", Run: w.Recover},
		scheduler.Task{Name: "autopilot.slots", Run: pilot.RunDue},
	)
}

// pusher returns the push integrations (wired after writing) once they can
// push articles, else nil.
func (a *App) pusher() publish.Pusher {
	if a.Integrations == nil {
		return nil
	}
	p, _ := any(a.Integrations).(publish.Pusher)
	return p
}

// verifiedDomains asks the backlink exchange (wired after writing) for a
// site's verified domain.
type verifiedDomains struct{ a *App }

func (v verifiedDomains) VerifiedDomain(ctx context.Context, accountID, siteID string) (string, bool, error) {
	if v.a.Backlinks == nil {
		return "", false, nil
	}
	return v.a.Backlinks.VerifiedDomain(ctx, accountID, siteID)
}
