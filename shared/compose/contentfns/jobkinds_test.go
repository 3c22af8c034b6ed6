package contentfns

import (
	"slices"
	"testing"

	"rvcontent/shared/feature/forum"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/research"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/writing"
)

// TestListedJobKinds: the kinds GET /jobs accepts as a filter are the
// kinds of the jobs the features queue for an agent to list.
func TestListedJobKinds(t *testing.T) {
	queued := []string{scans.Kind, research.Kind, writing.Kind, integrations.SyncKind, forum.SweepKind}
	if !slices.Equal(jobs.Kinds, queued) {
		t.Fatalf("jobs.Kinds = %v, the features queue %v", jobs.Kinds, queued)
	}
}
