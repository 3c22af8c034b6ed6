package forum

import (
	"errors"
	"testing"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/input"
)

// problemFields parses body with parse and returns the fields its
// validation error names.
func problemFields(t *testing.T, body string, parse func(*input.Object) error) map[string]bool {
	t.Helper()
	o, err := input.Parse([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	var e *apperr.Error
	if err := parse(o); errors.As(err, &e) {
		for _, d := range e.Details {
			out[d.Field] = true
		}
	}
	return out
}

// Forum texts refuse control characters: one-line settings any, the reply
// text and instructions all but line breaks.
func TestForumTextsRefuseControlCharacters(t *testing.T) {
	got := problemFields(t, `{"disclosure_line": "I work on {brand}.\r\nBcc: x", "niche": "a\u0000b", "tone": "ca\u0085lm", "topic_tags": ["ok", "b\tc"]}`,
		func(o *input.Object) error { _, err := ParsePatch(o); return err })
	for _, f := range []string{"disclosure_line", "niche", "tone", "topic_tags[1]"} {
		if !got[f] {
			t.Errorf("PATCH forum: %s not refused (%v)", f, got)
		}
	}
	if got := problemFields(t, `{"edited_body": "First line.\nSecond line."}`, func(o *input.Object) error { _, err := ParseDraftEdit(o); return err }); len(got) > 0 {
		t.Errorf("a reply text with line breaks refused: %v", got)
	}
	if got := problemFields(t, `{"edited_body": "Text\u0000"}`, func(o *input.Object) error { _, err := ParseDraftEdit(o); return err }); !got["edited_body"] {
		t.Errorf("edited_body with NUL accepted")
	}
	if got := problemFields(t, `{"instructions": "short\u001b[2J"}`, func(o *input.Object) error { _, err := ParseDraftRequest(o); return err }); !got["instructions"] {
		t.Errorf("instructions with ESC accepted")
	}
	if got := problemFields(t, `{"status": "dismissed", "dismiss_reason": "spam\r\n"}`, func(o *input.Object) error { _, err := ParseThreadPatch(o); return err }); len(got) > 0 {
		t.Errorf("a trailing line break (trimmed) refused: %v", got)
	}
}
