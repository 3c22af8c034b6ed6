package pages

import "testing"

// TestCreateStatus pins the create form's starting status: the list's
// filter when an article can be created in it, else an idea.
func TestCreateStatus(t *testing.T) {
	for filter, want := range map[string]string{"": "opportunity", "opportunity": "opportunity", "scheduled": "scheduled", "generating": "opportunity", "finished": "opportunity"} {
		if got := createStatus(filter); got != want {
			t.Errorf("filter %q: %q, want %q", filter, got, want)
		}
	}
}
