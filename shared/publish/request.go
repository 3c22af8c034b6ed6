package publish

import "rvcontent/shared/input"

// MaxURL is the longest live URL accepted.
const MaxURL = 2048

// Request is what POST .../publish takes: the live URL to record, and the
// integrations to push to; at least one of them.
type Request struct {
	URL          string
	Destinations []string
}

// ParseRequest reads the body of POST .../publish.
func ParseRequest(o *input.Object) (Request, error) {
	var r Request
	r.URL, _ = o.String("url", false, input.MaxLen(MaxURL))
	f := o.Strings("destinations", 10, input.OneOf(Destinations...))
	seen := map[string]bool{}
	for _, d := range f.Value {
		if d != "" && !seen[d] {
			seen[d] = true
			r.Destinations = append(r.Destinations, d)
		}
	}
	if r.URL == "" && len(r.Destinations) == 0 {
		o.Problem("url", "is required: send url (the article's live address) and/or destinations (integration ids to push to)")
	}
	return r, o.Err()
}
