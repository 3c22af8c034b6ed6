package testenv

import "testing"

// Article returns the "article" object of the answer's JSON body; the
// test fails when there is none.
func (r *Response) Article(t testing.TB) map[string]any {
	t.Helper()
	a, ok := r.JSON(t)["article"].(map[string]any)
	if !ok {
		t.Fatalf("no article in %s", r.Body)
	}
	return a
}
