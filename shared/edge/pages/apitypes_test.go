package pages

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestAPITypesMatchTheContract checks that every field the dashboard reads
// from the agent API is one the API's OpenAPI document (made from the
// catalog, so from the types the API writes) gives that object, nested
// objects and lists included (apiDraft through apiThread, whose draft is
// the list's short form or the thread's whole draft): a field renamed or dropped on the API's side
// fails here instead of reading as empty on a page.
func TestAPITypesMatchTheContract(t *testing.T) {
	raw, err := os.ReadFile("../openapi/agent-api.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]schema `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	schemas := doc.Components.Schemas
	for typ, names := range map[reflect.Type][]string{
		reflect.TypeFor[apiAccount](): {"Account"}, reflect.TypeFor[apiSite](): {"Site"}, reflect.TypeFor[apiScan](): {"Scan"}, reflect.TypeFor[apiBilling](): {"Billing"},
		reflect.TypeFor[apiQuote](): {"StudioQuote"}, reflect.TypeFor[apiCredits](): {"Credits"}, reflect.TypeFor[apiActivity](): {"ActivityEntry"},
		reflect.TypeFor[apiAgentKey](): {"AgentKey"}, reflect.TypeFor[apiWebhook](): {"Webhook"}, reflect.TypeFor[apiAttempt](): {"WebhookDelivery"},
		reflect.TypeFor[apiKeyword](): {"Keyword"}, reflect.TypeFor[apiArticle](): {"Article"}, reflect.TypeFor[apiScore](): {"Score"}, reflect.TypeFor[apiJob](): {"Job"},
		reflect.TypeFor[apiAutopilot](): {"Autopilot"}, reflect.TypeFor[apiIntegration](): {"Integration"}, reflect.TypeFor[apiSiteKey](): {"SiteKey"},
		reflect.TypeFor[apiBacklinks](): {"Backlinks"}, reflect.TypeFor[apiVerification](): {"DomainVerification"}, reflect.TypeFor[apiTarget](): {"BacklinkTarget"},
		reflect.TypeFor[apiPlacement](): {"BacklinkPlacement"}, reflect.TypeFor[apiForum](): {"ForumSettings"}, reflect.TypeFor[apiThread](): {"ForumThread", "ForumThreadDetail"},
		reflect.TypeFor[apiReply](): {"ForumReply"}, reflect.TypeFor[apiRank](): {"Rank"},
	} {
		// A type that reads two shapes (a list's and an item's) may read a
		// field of either.
		var lists [][]string
		for _, name := range names {
			s, ok := schemas[name]
			if !ok {
				t.Fatalf("no schema %s in the agent API's document", name)
			}
			lists = append(lists, missing(typ, s, schemas, ""))
		}
		for _, p := range lists[0] {
			inAll := true
			for _, l := range lists[1:] {
				inAll = inAll && slices.Contains(l, p)
			}
			if inAll {
				t.Errorf("%s reads %s, which the API's %s does not have", typ.Name(), p, strings.Join(names, " or "))
			}
		}
	}
}

// schema is as much of an OpenAPI schema as the check needs.
type schema struct {
	Ref        string            `json:"$ref"`
	Properties map[string]schema `json:"properties"`
	Items      *schema           `json:"items"`
	AnyOf      []schema          `json:"anyOf"`
	OneOf      []schema          `json:"oneOf"`
}

// resolve follows s's reference and nullable wrappers to the schema that
// has properties or items.
func (s schema) resolve(all map[string]schema) schema {
	if s.Ref != "" {
		return all[strings.TrimPrefix(s.Ref, "#/components/schemas/")].resolve(all)
	}
	for _, alt := range append(append([]schema(nil), s.AnyOf...), s.OneOf...) {
		if r := alt.resolve(all); r.Properties != nil || r.Items != nil {
			return r
		}
	}
	return s
}

// missing lists the JSON fields of t (a struct, or a pointer or slice of
// one) that s does not have, by their path under path.
func missing(t reflect.Type, s schema, all map[string]schema, path string) []string {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
		if s = s.resolve(all); s.Items != nil && t.Kind() != reflect.Uint8 {
			s = *s.Items
		}
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	s = s.resolve(all)
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		p, ok := s.Properties[name]
		if !ok {
			out = append(out, path+"."+name)
			continue
		}
		out = append(out, missing(f.Type, p, all, path+"."+name)...)
	}
	return out
}
