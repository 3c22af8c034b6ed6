package publish

import (
	"rvcontent/shared/feature/liveurls"
	"rvcontent/shared/kernel/input"
)

// MaxURL is the longest live URL accepted, as in the public API's reports.
const MaxURL = liveurls.MaxURL

// MaxDestinations bounds the destinations list.
const MaxDestinations = 10

// Request is what POST .../publish takes: the live URL to record, and the
// integrations to push to; at least one of them.
type Request struct {
	URL          string
	Destinations []string
}

// ParseRequest reads the body of POST .../publish. The live URL is `url`;
// `published_url`, its name in the public articles API, is accepted as
// well, alone or with the same value as `url`.
func ParseRequest(o *input.Object) (Request, error) {
	var r Request
	name := "url"
	if !o.Has("url") && o.Has("published_url") {
		name = "published_url"
	}
	r.URL, _ = o.String(name, false, input.MaxLen(MaxURL))
	if name == "url" && o.Has("published_url") {
		if other, _ := o.String("published_url", false); other != r.URL {
			o.Problem("published_url", "names another address than url: send one of them")
		}
	}
	f := o.Enums("destinations", MaxDestinations, input.OneOf(Destinations...))
	seen := map[string]bool{}
	for _, d := range f.Value {
		if d != "" && !seen[d] {
			seen[d] = true
			r.Destinations = append(r.Destinations, d)
		}
	}
	// Required only when nothing sent was refused already: a refused url
	// or destination says what is wrong with it instead.
	if r.URL == "" && len(r.Destinations) == 0 && o.Err() == nil {
		o.Problem("url", "is required: send url (the article's live address) and/or destinations (integration ids to push to)")
	}
	return r, o.Err()
}
