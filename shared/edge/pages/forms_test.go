package pages

import (
	"encoding/json"
	"net/url"
	"testing"
)

var testFields = []field{
	{Name: "brand_name", Blank: sendBlank},
	{Name: "writing.tone", Blank: nullBlank},
	{Name: "note"},
	{Name: "count", Kind: kNumber},
	{Name: "on", Kind: kCheckbox},
	{Name: "tags", Kind: kList, Blank: nullBlank},
	{Name: "lines", Kind: kLines},
	{Name: "days", Kind: kChoices},
}

func TestFormBodiesAreTheAPIsFields(t *testing.T) {
	posted := url.Values{
		"brand_name": {" Acme "}, "writing.tone": {""}, "note": {""}, "count": {"12"}, "on": {"true"},
		"tags": {"a, b,,c "}, "lines": {"one\r\ntwo\n\n"}, "days": {"mon", "wed"},
	}
	got, _ := json.Marshal(body(testFields, posted, nil))
	want := `{"brand_name":"Acme","count":12,"days":["mon","wed"],"lines":["one","two"],"on":true,"tags":["a","b","c"],"writing":{"tone":null}}`
	if string(got) != want {
		t.Errorf("body\n got %s\nwant %s", got, want)
	}
	// An edit form sends only what changed; a number the API must refuse
	// goes as typed.
	current := url.Values{"brand_name": {"Acme"}, "writing.tone": {""}, "count": {"12"}, "on": {"true"}, "tags": {"a, b, c"}, "lines": {"one\ntwo"}, "days": {"mon", "wed"}}
	posted.Set("count", "twelve")
	got, _ = json.Marshal(body(testFields, posted, current))
	if string(got) != `{"count":"twelve"}` {
		t.Errorf("changes %s", got)
	}
}

func TestProblemsGoNextToTheirFields(t *testing.T) {
	f := form("site", "/x", "Save", []field{{Name: "anchors", Label: "Link texts"}, {Name: "writing.tone", Label: "Tone"}}, url.Values{"anchors": {"typed"}})
	f = f.withProblems(&apiError{Status: 422, Message: "Invalid", Details: []problem{
		{Field: "anchors[1]", Problem: "must be 2 to 80 characters"}, {Field: "writing.tone", Problem: "must be at most 80 characters"}, {Field: "other", Problem: "is wrong"},
	}}, map[string]string{"other": "Other"})
	if f.Fields[0].Error != "Link texts must be 2 to 80 characters." || f.Fields[0].Value != "typed" || f.Fields[1].Error != "Tone must be at most 80 characters." ||
		len(f.Problems) != 1 || f.Problems[0] != "Other is wrong." || f.Fields[1].ID != "site-writing-tone" {
		t.Errorf("form %+v", f)
	}
	f = f.withProblems(&apiError{Status: 409, Message: "Already there.", ActionURL: "https://fix.example"}, nil)
	if f.Alert != "Already there." || f.AlertLink != "https://fix.example" {
		t.Errorf("alert %q %q", f.Alert, f.AlertLink)
	}
}

func TestRefusalAboutAFieldGoesNextToIt(t *testing.T) {
	fields := []field{{Name: "tag", Label: "Tag"}, {Name: "name", Label: "Name"}}
	f := form("add", "/x", "Add", fields, nil).withProblems(&apiError{Status: 409, Message: "Already has the name \"x\"."}, nil).refusalAt("name", "Already has the name")
	if f.Alert != correctBelow || f.AlertFocus || f.Fields[1].Error != "Already has the name \"x\"." || !f.Fields[1].Focus || f.Fields[0].Focus {
		t.Errorf("form %+v", f)
	}
	f = form("add", "/x", "Add", fields, nil).withProblems(&apiError{Status: 409, Message: "This form was already sent."}, nil).refusalAt("name", "Already has the name")
	if f.Alert != "This form was already sent." || !f.AlertFocus || f.Fields[1].Error != "" {
		t.Errorf("another refusal moved: %+v", f)
	}
}
