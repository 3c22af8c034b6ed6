package compose

import (
	"context"

	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/feature/forum"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/scheduler"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/platform/egress"
	"rvcontent/shared/platform/forumapi"
	"rvcontent/shared/platform/model"
	"rvcontent/shared/platform/model/bedrock"
)

// wireForum wires forum presence: its endpoints (actions need the paid
// plan, through the gate), the forum.sweep job runner, and two scheduled
// tasks: automatic sweeps (daily per site) and reply checks. The platform
// is the fixture forum the dev stack hands in, or the forum's public API
// read through the egress client; drafts come from the configured model.
func (a *App) wireForum() {
	platform := a.ForumPlatform
	if platform == nil {
		web := a.Egress
		if web == nil {
			web = egress.New(egress.Options{UserAgent: UserAgent})
		}
		platform = forumapi.New(web, a.Config.ForumAPIBase, a.Clock)
	}
	a.Forum = &forum.Service{
		Table: a.Table, Clock: a.Clock, Sites: a.Sites, Scans: &scans.Store{Table: a.Table, Sites: a.Sites},
		Billing: a.Billing, Credits: a.Credits, Events: a.Events, Jobs: a.Enqueuer, AI: a.AI,
		Platform: platform, Drafter: a.drafter(), Keywords: siteKeywords{a},
	}
	a.JobWorker.Runners[forum.SweepKind] = jobs.RunnerFunc(a.Forum.RunSweep)
	a.register((&agentapi.Forum{Forum: a.Forum}).Handlers())
	a.Scheduler.Tasks = append(a.Scheduler.Tasks,
		scheduler.Task{Name: "forum.sweeps", Run: a.Forum.SweepDue},
		scheduler.Task{Name: "forum.reply_checks", Run: a.Forum.CheckReplies},
	)
}

// drafter returns the model that drafts forum replies: the dependencies'
// model when set, else the configured one.
func (a *App) drafter() forum.Drafter {
	if a.Model != nil {
		return a.Model
	}
	return forumDrafter(a.Config)
}

// forumDrafter returns the model that drafts forum replies: Bedrock (with
// the offline model when Bedrock fails) when MODEL is bedrock, else the
// offline model.
func forumDrafter(cfg config.Config) forum.Drafter {
	if cfg.Model != "bedrock" {
		return model.Offline{}
	}
	id := cfg.BedrockModelID
	if id == "" {
		id = bedrock.DefaultModelID
	}
	return forum.Fallback{Primary: bedrock.FromEnvironment(id), Secondary: model.Offline{}}
}

// siteKeywords gives sweeps the site's tracked keywords, most searched
// first, read when a sweep runs.
type siteKeywords struct{ a *App }

// SiteKeywords returns the names of the site's keywords (none before the
// keywords feature is wired).
func (k siteKeywords) SiteKeywords(ctx context.Context, _, siteID string) ([]string, error) {
	if k.a.Keywords == nil || k.a.Keywords.Store == nil {
		return nil, nil
	}
	list, err := k.a.Keywords.Store.All(ctx, siteID)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(list))
	for i, kw := range list {
		names[i] = kw.Name
	}
	return names, nil
}
