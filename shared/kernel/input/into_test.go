package input

import (
	"testing"

	"rvcontent/shared/kernel/apperr"
)

// TestIntoNamesAFieldOfTheWrongType reads bodies whose JSON is valid but
// whose fields have the wrong type: each is validation_failed naming the
// field and what it must be, a list's items included; a body that is not
// JSON, or not an object, stays a bad request, and an empty one reads as
// no fields.
func TestIntoNamesAFieldOfTheWrongType(t *testing.T) {
	type shape struct {
		Seconds  *float64 `json:"advance_seconds"`
		Times    int      `json:"times"`
		Values   []string `json:"values"`
		Locked   bool     `json:"is_locked"`
		Comments []struct {
			Body string `json:"body"`
		} `json:"comments"`
	}
	invalid := []struct{ body, field, problem string }{
		{`{"advance_seconds": "10"}`, "advance_seconds", "must be a number"},
		{`{"advance_seconds": 1e400}`, "advance_seconds", "must be a number"},
		{`{"times": 1.5}`, "times", "must be an integer"},
		{`{"values": "v=1"}`, "values", "must be an array of strings"},
		{`{"values": ["a", 2]}`, "values", "must be an array of strings"},
		{`{"is_locked": "true"}`, "is_locked", "must be true or false"},
		{`{"comments": [{"body": 5}]}`, "comments.body", "must be a string"},
		{`{"comments": {"body": "x"}}`, "comments", "must be an array of objects"},
	}
	for _, tc := range invalid {
		var v shape
		err := Into([]byte(tc.body), &v)
		e, ok := err.(*apperr.Error)
		if !ok || e.Code != apperr.ValidationFailed || len(e.Details) != 1 || e.Details[0] != (apperr.Problem{Field: tc.field, Problem: tc.problem}) {
			t.Errorf("Into(%s) = %v, want validation_failed: %s %s", tc.body, err, tc.field, tc.problem)
		}
	}
	for _, body := range []string{`{"times": `, `[1]`, `"x"`, `{"times": 1, "times": 2}`} {
		var v shape
		if err := Into([]byte(body), &v); !apperr.Is(err, apperr.BadRequest) {
			t.Errorf("Into(%s) = %v, want bad_request", body, err)
		}
	}
	for _, body := range []string{``, `null`, `{"times": 3}`} {
		var v shape
		if err := Into([]byte(body), &v); err != nil {
			t.Errorf("Into(%s) = %v, want nil", body, err)
		}
	}
}
