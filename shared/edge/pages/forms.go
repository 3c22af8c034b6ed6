package pages

import (
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// The dashboard's forms are declared once as fields named as the agent API
// names them: the same declaration renders the form, turns what the owner
// typed into the API request's JSON body, and puts the API's validation
// messages next to their fields. The rules stay the API's.

// kind is how a field is typed in and sent.
type kind int

// Field kinds.
const (
	kText     kind = iota // a string
	kURL                  // a string typed as an address
	kEmail                // a string typed as an email address
	kTextarea             // a string over several lines
	kNumber               // an integer (other text is sent as typed, for the API to refuse)
	kCheckbox             // a boolean
	kSelect               // one of Options
	kDate                 // YYYY-MM-DD
	kTime                 // HH:MM
	kList                 // comma-separated, sent as an array
	kLines                // one per line, sent as an array
	kChoices              // several of Options, sent as an array
	kSecret               // a string typed without being shown
)

// empty says what a blank field sends.
type empty int

// Blank field rules.
const (
	omitBlank empty = iota // nothing: the API's default applies
	nullBlank              // null: the API clears the value
	sendBlank              // the empty value as typed, for the API to judge
)

// field is one field of a form.
type field struct {
	Name    string // the API's name; a dot nests ("writing.tone")
	Label   string
	Hint    string
	Kind    kind
	Options []option
	// Required marks the field required in the browser too.
	Required bool
	Blank    empty
	// Max is the browser's maxlength (0: none).
	Max int
	// Number sends a select's chosen value as an integer.
	Number bool
}

// option is one choice of a select or choices field.
type option struct {
	Value, Label string
	Selected     bool
}

// opts returns options whose labels are their values.
func opts(values ...string) []option {
	out := make([]option, len(values))
	for i, v := range values {
		out[i] = option{Value: v, Label: v}
	}
	return out
}

// formView is a form as a page shows it.
type formView struct {
	// ID names the form on its page; its fields' ids start with it.
	ID     string
	Action string
	Submit string
	// Alert explains a refusal that is not about one field.
	Alert     string
	AlertLink string
	// AlertFocus puts the browser's focus, and so the view, on the alert
	// of a refusal that no field shows: on a long page the refused form
	// may sit far below where a reload starts.
	AlertFocus bool
	// Problems the API reported on fields the form does not show.
	Problems []string
	Fields   []fieldView
	// Shown is what the form showed first, one digest per field (see
	// shownOf), sent back with the form so that body sends only what the
	// owner changed, not what changed elsewhere since the page opened.
	Shown string
	// err is the refusal the form shows, if any.
	err error
}

// fieldView is a field as the page shows it: what was typed and its
// problem.
type fieldView struct {
	Name, ID, Label, Hint, Value, Error string
	Text, URL, Email, Textarea, Number  bool
	Checkbox, Select, Date, Time        bool
	Choices, Secret                     bool
	Required, Checked                   bool
	// Focus puts the browser's focus on the field: the first one with a
	// problem after a refusal, so the page opens where the owner fixes it.
	Focus   bool
	Max     int
	Options []option
}

// form returns a form of fields filled with values (the API's current
// values, or what the owner typed, by field name).
func form(id, action, submit string, fields []field, values url.Values) formView {
	f := formView{ID: id, Action: action, Submit: submit, Shown: values.Get(shownField)}
	if f.Shown == "" {
		f.Shown = shownOf(fields, values)
	}
	for _, fd := range fields {
		v := fieldView{
			Name: fd.Name, ID: id + "-" + strings.ReplaceAll(fd.Name, ".", "-"), Label: fd.Label, Hint: fd.Hint,
			Value: values.Get(fd.Name), Required: fd.Required, Max: fd.Max,
		}
		switch fd.Kind {
		case kURL:
			v.URL = true
		case kEmail:
			v.Email = true
		case kTextarea, kLines:
			v.Textarea = true
		case kNumber:
			v.Number = true
		case kCheckbox:
			v.Checkbox, v.Checked = true, values.Get(fd.Name) == "true"
		case kSelect, kChoices:
			v.Select, v.Choices = fd.Kind == kSelect, fd.Kind == kChoices
			chosen := map[string]bool{}
			for _, c := range values[fd.Name] {
				chosen[c] = true
			}
			for _, o := range fd.Options {
				o.Selected = chosen[o.Value]
				v.Options = append(v.Options, o)
			}
		case kDate:
			v.Date = true
		case kTime:
			v.Time = true
		case kSecret:
			v.Secret, v.Value = true, ""
		default:
			v.Text, v.Options = true, fd.Options
		}
		f.Fields = append(f.Fields, v)
	}
	return f
}

// pick returns *f when set, else def.
func pick(f *formView, def formView) formView {
	if f != nil {
		return *f
	}
	return def
}

// withProblems returns f showing an API refusal: each validation problem
// next to its field (a field also owns "name[i]" and "name.x"), the rest
// and any other refusal as the form's alert.
func (f formView) withProblems(err error, labels map[string]string) formView {
	f = f.placeProblems(err, labels)
	for i := range f.Fields {
		if f.Fields[i].Error != "" {
			f.Fields[i].Focus = true
			return f
		}
	}
	f.AlertFocus = f.Alert != ""
	return f
}

// correctBelow is the alert of a form refused for what its fields hold.
const correctBelow = "Nothing was saved. Correct the fields marked below and try again."

// refusalAt returns f with a refusal that names no field but is about the
// field called name (its message begins with about, such as a name the
// site already has) next to that field, focused, as a validation problem
// is, instead of in the form's alert.
func (f formView) refusalAt(name, about string) formView {
	e, ok := f.err.(*apiError)
	if !ok || len(e.Details) > 0 || !strings.HasPrefix(e.Message, about) {
		return f
	}
	for i := range f.Fields {
		if f.Fields[i].Name == name {
			f.Fields[i].Error, f.Fields[i].Focus = e.Message, true
			f.Alert, f.AlertLink, f.AlertFocus = correctBelow, "", false
		}
	}
	return f
}

// placeProblems puts err's problems on the fields they name, the rest in
// the form's alert and problems.
func (f formView) placeProblems(err error, labels map[string]string) formView {
	f.err = err
	e, ok := err.(*apiError)
	if !ok {
		f.Alert = "Something went wrong on our side. Please try again in a minute."
		return f
	}
	if len(e.Details) == 0 {
		f.Alert, f.AlertLink = e.Message, e.ActionURL
		if f.AlertLink == "" && forTheBill(e.Code) {
			// The plan, its payment or its credits: fixed on the Billing
			// page, as the refusal's own page links it (see refused).
			f.AlertLink = billingPage
		}
		return f
	}
	f.Alert = correctBelow
	for _, p := range e.Details {
		placed := false
		for i := range f.Fields {
			fv := &f.Fields[i]
			if owns(fv.Name, p.Field) {
				fv.Error = sentence(fv.Label, p.Problem)
				placed = true
				break
			}
		}
		if !placed {
			name := labels[p.Field]
			if name == "" {
				name = p.Field
			}
			f.Problems = append(f.Problems, sentence(name, p.Problem))
		}
	}
	return f
}

// owns reports whether the field called name is the one a problem with
// field names.
func owns(name, problemField string) bool {
	return problemField == name || strings.HasPrefix(problemField, name+"[") || strings.HasPrefix(problemField, name+".")
}

// sentence is a field's problem as the page says it.
func sentence(label, p string) string {
	s := label + " " + p
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// body turns posted values of fields into an API request's JSON body. With
// current set (an edit form), only fields whose value changed are sent,
// so a PATCH touches nothing the owner left alone: changed from what the
// form showed (its shown digests), else from current.
func body(fields []field, posted, current url.Values) map[string]any {
	out := map[string]any{}
	shown, _ := url.ParseQuery(posted.Get(shownField))
	for _, fd := range fields {
		if fd.Kind == kSecret && posted.Get(fd.Name) == "" && current != nil {
			continue
		}
		if current != nil {
			if was, ok := shown[fd.Name]; ok && len(was) == 1 {
				if digest(fd, posted) == was[0] {
					continue
				}
			} else if same(fd, posted, current) {
				continue
			}
		}
		v, send := value(fd, posted)
		if !send {
			continue
		}
		put(out, fd.Name, v)
	}
	return out
}

// same reports whether field fd has its current value.
func same(fd field, posted, current url.Values) bool {
	return canonical(fd, posted) == canonical(fd, current)
}

// canonical is field fd's value in values as compared for a change.
func canonical(fd field, values url.Values) string {
	switch fd.Kind {
	case kCheckbox:
		return strconv.FormatBool(values.Get(fd.Name) == "true")
	case kChoices: // a set: the API's order may not be the form's
		chosen := slices.Clone(values[fd.Name])
		slices.Sort(chosen)
		return strings.Join(chosen, ",")
	case kList, kLines:
		return strings.Join(items(fd, values.Get(fd.Name)), "\n")
	}
	return normalize(values.Get(fd.Name))
}

// shownField is the hidden field that carries what a form showed.
const shownField = "shown"

// shownOf encodes the digest of each field's value in values: what a form
// shows, kept short however long the values (an article's body).
func shownOf(fields []field, values url.Values) string {
	out := url.Values{}
	for _, fd := range fields {
		if fd.Kind != kSecret {
			out.Set(fd.Name, digest(fd, values))
		}
	}
	return out.Encode()
}

// digest is a short hash of field fd's canonical value in values.
func digest(fd field, values url.Values) string {
	sum := sha256.Sum256([]byte(canonical(fd, values)))
	return base64.RawURLEncoding.EncodeToString(sum[:12])
}

// normalize unifies a text's line breaks and outer spaces, as a browser
// may send them differently from how they were shown.
func normalize(s string) string {
	return strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n"))
}

// value is the JSON value of fd as posted, and whether to send it.
func value(fd field, posted url.Values) (any, bool) {
	raw := normalize(posted.Get(fd.Name))
	switch fd.Kind {
	case kCheckbox:
		return posted.Get(fd.Name) == "true", true
	case kChoices:
		return nonNil(posted[fd.Name]), true
	case kList, kLines:
		if raw == "" {
			return blank(fd, []string{})
		}
		return items(fd, raw), true
	}
	if raw == "" {
		return blank(fd, "")
	}
	if fd.Kind == kNumber || fd.Number {
		if n, err := strconv.Atoi(raw); err == nil {
			return n, true
		}
	}
	return raw, true
}

// blank is what a blank fd sends; zero is the value sent as typed.
func blank(fd field, zero any) (any, bool) {
	switch fd.Blank {
	case nullBlank:
		return nil, true
	case sendBlank:
		return zero, true
	}
	return nil, false
}

// items splits a list field's text into its items.
func items(fd field, raw string) []string {
	sep := ","
	if fd.Kind == kLines {
		sep = "\n"
	}
	out := []string{}
	for _, s := range strings.Split(strings.ReplaceAll(raw, "\r\n", "\n"), sep) {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// put sets name (dotted for nested objects) in out to v.
func put(out map[string]any, name string, v any) {
	head, rest, nested := strings.Cut(name, ".")
	if !nested {
		out[name] = v
		return
	}
	inner, _ := out[head].(map[string]any)
	if inner == nil {
		inner = map[string]any{}
		out[head] = inner
	}
	put(inner, rest, v)
}

// labelsOf returns the labels of fields by name.
func labelsOf(fields []field) map[string]string {
	out := map[string]string{}
	for _, f := range fields {
		out[f.Name] = f.Label
	}
	return out
}

// vals builds form values from name, value pairs.
func vals(pairs ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(pairs); i += 2 {
		v.Set(pairs[i], pairs[i+1])
	}
	return v
}

// str returns *s, or "" for nil.
func str(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// boolText is a boolean as a checkbox's value.
func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
