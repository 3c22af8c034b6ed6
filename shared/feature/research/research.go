// Package research finds keywords and article ideas for a site (spec 2
// Research result, 4.6, 8). POST /sites/{site_id}/research starts a
// research job (free; it counts toward the AI rate limit, and without a
// trial or plan an account may run DailyLimit a day). The job asks the
// model for keywords and ideas grounded in the site's own words (its
// settings, its latest scan, its keywords and the seed), keeps only valid
// rows, never repeats a title already on the site, and with save adds the
// keywords (source discovered) and the ideas (status opportunity, source
// research) to the site. The package also runs the scan's plan stage
// (Planner). Writes of a job are planned first, stored, then applied in
// transactions of at most 100 items, so a retried attempt resumes instead
// of writing twice.
package research

import (
	"context"

	"rvcontent/shared/platform/model"
)

// Kind is the job kind of a research run.
const Kind = "research"

// Limits of a research run (spec 4.6, 8).
const (
	MaxKeywords  = 24  // keywords per run
	MaxIdeas     = 30  // ideas per run
	DefaultIdeas = 10  // ideas when the body does not say
	MaxSeed      = 200 // characters of the seed
	// DailyLimit is how many runs an account without a trial or plan may
	// start per UTC day (service clock).
	DailyLimit = 10
)

// Researcher is the model work research needs: keywords and ideas built
// from what the site says about itself. Implementations: model.Offline
// (deterministic) and bedrock.Model. Research returns an error when the
// model could not answer; callers then use model.Offline. Answers are
// checked by Clean whichever adapter gave them.
type Researcher interface {
	Research(ctx context.Context, in model.ResearchInput) (model.Research, error)
}

var _ Researcher = model.Offline{}

// Result is a research job's result (spec 2 Research result).
type Result struct {
	// Seed is the topic the run researched around; nil without one.
	// Beyond the spec's result: the owner's dashboard shows it.
	Seed     *string             `json:"seed"`
	Keywords []model.KeywordIdea `json:"keywords"`
	Ideas    []model.ArticleIdea `json:"ideas"`
	// Saved counts what save added: keywords new to the site and articles;
	// nil when save was false.
	Saved *Saved `json:"saved"`
}

// Saved counts what a research run added to the site.
type Saved struct {
	Keywords int `json:"keywords"`
	Articles int `json:"articles"`
}
