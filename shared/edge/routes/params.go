package routes

// ParamKind is the kind of value a path parameter takes, so that a value
// which cannot name anything can be refused before any lookup.
type ParamKind string

// Path parameter kinds.
const (
	// AnyParam is a parameter of no declared kind (a page's token, ...).
	AnyParam ParamKind = ""
	// UUIDParam is an id the service made: a UUID in its canonical form.
	UUIDParam ParamKind = "uuid"
	// PlatformParam is a push platform's name (integration ids).
	PlatformParam ParamKind = "platform"
)

// Param is one path parameter of a route and its kind.
type Param struct {
	Name string
	Kind ParamKind
}

// Kind returns the kind of the route's path parameter name: the one the
// endpoint catalog gives it, AnyParam for routes outside the two APIs.
func (r Route) Kind(name string) ParamKind {
	for _, p := range r.PathParams {
		if p.Name == name {
			return p.Kind
		}
	}
	return AnyParam
}
