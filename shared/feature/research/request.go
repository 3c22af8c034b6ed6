package research

import (
	"strings"

	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/model"
)

// Request is what POST /sites/{site_id}/research asks for, validated. It
// is the research job's input, with who asked (for the activity entry of
// a save).
type Request struct {
	Seed  string     `json:"seed"`
	Ideas int        `json:"ideas"`
	Save  bool       `json:"save"`
	Actor auth.Actor `json:"actor"`
	IP    string     `json:"ip"`
}

// ParseRequest reads the body of POST /sites/{site_id}/research: seed (at
// most 200 characters; invisible format characters dropped, so a seed of
// only those is no seed), ideas (0 to 30, default 10), save (default
// false).
func ParseRequest(o *input.Object) (Request, error) {
	r := Request{Ideas: DefaultIdeas}
	r.Seed, _ = o.String("seed", false, input.SingleLine, input.MaxLen(MaxSeed))
	r.Seed = strings.TrimSpace(model.DropInvisible(r.Seed))
	if n, ok := o.Int("ideas", false, 0, MaxIdeas); ok {
		r.Ideas = n
	}
	if f := o.Bool("save"); f.Sent && !f.Null {
		r.Save = f.Value
	}
	return r, o.Err()
}
