package backlinks

import (
	"errors"
	"testing"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/input"
)

// Target anchors and tags, and the exchange's niche and tags, are one-line
// texts: a control character answers 422 on the field.
func TestExchangeTextsRefuseControlCharacters(t *testing.T) {
	fields := func(body string, parse func(*input.Object) error) map[string]bool {
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
	got := fields(`{"url": "https://acme.com/p", "anchors": ["model rockets", "rocket\r\nkits", "launch pads"], "topic_tags": ["ok", "x\u0000y"]}`,
		func(o *input.Object) error { _, err := ParseTarget(o, true); return err })
	if !got["anchors[1]"] || !got["topic_tags[1]"] {
		t.Errorf("target: %v, want anchors[1] and topic_tags[1]", got)
	}
	got = fields(`{"niche": "rock\u0085ets", "topic_tags": ["a\tb"]}`, func(o *input.Object) error { _, err := ParsePatch(o); return err })
	if !got["niche"] || !got["topic_tags[0]"] {
		t.Errorf("settings: %v, want niche and topic_tags[0]", got)
	}
}
