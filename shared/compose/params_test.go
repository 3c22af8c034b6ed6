package compose

import (
	"slices"
	"testing"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/backlinks"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/forum"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/feature/sitekeys"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/feature/webhooks"
	"rvcontent/shared/kernel/apperr"
)

// TestImpossibleParamsAnswerLikeUnknownIDs: the not-found answer of a path
// parameter that cannot exist is its resource's own answer to an unknown
// id, so the two cannot be told apart; the integration ids are the
// platforms the integrations feature serves.
func TestImpossibleParamsAnswerLikeUnknownIDs(t *testing.T) {
	for name, err := range map[string]*apperr.Error{
		"id": credentials.ErrNotFound, "job_id": jobs.ErrNotFound, "site_id": sites.ErrNotFound,
		"webhook_id": webhooks.ErrNotFound, "article_id": articles.ErrNotFound, "keyword_id": keywords.ErrNotFound,
		"key_id": sitekeys.ErrNotFound, "integration_id": integrations.ErrUnknown, "target_id": backlinks.ErrTargetNotFound,
		"placement_id": backlinks.ErrPlacementNotFound, "thread_id": forum.ErrThreadNotFound, "draft_id": forum.ErrDraftNotFound,
	} {
		p, ok := routes.ParamNamed(name)
		if !ok || p.NotFound != err.Message {
			t.Errorf("{%s} answers %q, its resource %q", name, p.NotFound, err.Message)
		}
	}
	if want := []string{integrations.Platform1, integrations.Platform2}; !slices.Equal(routes.Platforms, want) {
		t.Errorf("routes.Platforms = %v, integrations serve %v", routes.Platforms, want)
	}
}
