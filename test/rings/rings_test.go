// Package rings keeps the dependency rule of shared/ (README, "Code
// layout"): kernel ← platform ← feature ← edge ← compose, with dev apart.
// It reads the import graph with `go list`, so a wrong-way import fails
// here before anyone reviews it.
package rings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

const module = "rvcontent"

// ring names the ring of a package of this module ("" outside shared/).
func ring(path string) string {
	rest, ok := strings.CutPrefix(path, module+"/shared/")
	if !ok {
		return ""
	}
	r, _, _ := strings.Cut(rest, "/")
	return r
}

// allowed lists, per ring, the rings its packages may import.
var allowed = map[string][]string{
	"kernel":   {"kernel"},
	"platform": {"kernel", "platform"},
	"feature":  {"kernel", "platform", "feature"},
	"edge":     {"kernel", "platform", "feature", "edge"},
	"compose":  {"kernel", "platform", "feature", "edge", "compose"},
	"dev":      {"kernel", "platform", "feature", "edge", "compose", "dev"},
}

// forbiddenStd lists standard-library packages a ring may not import:
// features own rules and items, and speak no HTTP.
var forbiddenStd = map[string][]string{
	"kernel":  {"net/http"},
	"feature": {"net/http"},
}

type pkg struct {
	ImportPath string
	Imports    []string
	Deps       []string
	Name       string
}

// list runs go list -json on patterns (build tag lambda.norpc, as the
// functions are built) and decodes its stream of packages.
func list(t *testing.T, patterns ...string) []pkg {
	t.Helper()
	args := append([]string{"list", "-tags", "lambda.norpc", "-json=ImportPath,Imports,Deps,Name"}, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	var pkgs []pkg
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// violations returns the imports of p that its ring does not allow.
func violations(p pkg) []string {
	from := ring(p.ImportPath)
	var bad []string
	for _, imp := range p.Imports {
		if to := ring(imp); to != "" && !contains(allowed[from], to) {
			bad = append(bad, fmt.Sprintf("%s (%s) imports %s (%s)", p.ImportPath, from, imp, to))
		}
		if contains(forbiddenStd[from], imp) {
			bad = append(bad, fmt.Sprintf("%s (%s) imports %s", p.ImportPath, from, imp))
		}
	}
	return bad
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestRings fails when a package imports across the rule: a feature
// importing edge or dev code (or net/http), a platform adapter importing a
// feature, anything but dev importing dev.
func TestRings(t *testing.T) {
	var bad []string
	known := map[string]bool{}
	for _, p := range list(t, "./shared/...") {
		r := ring(p.ImportPath)
		if _, ok := allowed[r]; !ok {
			bad = append(bad, fmt.Sprintf("%s is in no ring (shared/%s/)", p.ImportPath, r))
			continue
		}
		known[r] = true
		bad = append(bad, violations(p)...)
	}
	for r := range allowed {
		if !known[r] {
			t.Errorf("ring %s has no package: the test would pass vacuously", r)
		}
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
}

// TestFunctionsLinkNoDevCode fails when a Lambda main's dependencies include
// a dev package (the dev stack, harness, fault injection, simulated
// processor, fixtures, fakes): none of it may ship.
func TestFunctionsLinkNoDevCode(t *testing.T) {
	mains := 0
	for _, p := range list(t, "./functions/...") {
		if p.Name != "main" {
			continue
		}
		mains++
		for _, d := range p.Deps {
			if ring(d) == "dev" {
				t.Errorf("%s links %s", p.ImportPath, d)
			}
		}
	}
	if mains < 10 {
		t.Fatalf("found %d Lambda mains under functions/; expected every function", mains)
	}
}

// textChangers are the functions that change article text (writing,
// rewrites, placing backlinks in host articles), so they render and score
// Markdown; the others (accounts, sites, billing, events, OAuth, the
// payment webhook, deliveries, MCP, and the public API, forum presence and
// the owner's pages, which read articles without changing their text)
// must not link it.
var textChangers = map[string]bool{"content": true, "backlinks": true, "jobworker": true, "scheduler": true}

// markdown are what only textChangers may link: the article text rules and
// the Markdown library.
var markdown = []string{module + "/shared/feature/articles/editing", module + "/shared/feature/score", "github.com/yuin/goldmark"}

// TestOnlyFunctionsThatChangeTextLinkMarkdown fails when a function links
// the article text rules or the Markdown library without changing article
// text, or changes it without them: every function starts their package
// initialisers, whether it uses them or not.
func TestOnlyFunctionsThatChangeTextLinkMarkdown(t *testing.T) {
	seen := 0
	for _, p := range list(t, "./functions/...") {
		if p.Name != "main" {
			continue
		}
		name := strings.TrimPrefix(p.ImportPath, module+"/functions/")
		for _, m := range markdown {
			if links := contains(p.Deps, m); links != textChangers[name] {
				t.Errorf("%s links %s: %v, want %v", name, m, links, textChangers[name])
			}
		}
		if textChangers[name] {
			seen++
		}
	}
	if seen != len(textChangers) {
		t.Fatalf("found %d of the %d functions that change article text under functions/", seen, len(textChangers))
	}
}

// payers are the functions that talk to the payment processor (the
// template gives only them its secret: infra/stack/settings_test.go).
var payers = map[string]bool{"billing": true, "jobworker": true, "payments-webhook": true, "scheduler": true, "sites": true}

// stripeClient is the payment processor's client library, larger than a
// megabyte linked.
const stripeClient = "github.com/stripe/stripe-go/v82"

// TestOnlyPayersLinkStripe fails when a function that does not talk to the
// payment processor links its client: the pages function opens checkout
// links in the billing function for this reason.
func TestOnlyPayersLinkStripe(t *testing.T) {
	seen := 0
	for _, p := range list(t, "./functions/...") {
		if p.Name != "main" {
			continue
		}
		name := strings.TrimPrefix(p.ImportPath, module+"/functions/")
		if links := contains(p.Deps, stripeClient); links != payers[name] {
			t.Errorf("%s links the Stripe client: %v, want %v", name, links, payers[name])
		}
		if payers[name] {
			seen++
		}
	}
	if seen != len(payers) {
		t.Fatalf("found %d of the %d paying functions under functions/", seen, len(payers))
	}
}

// TestRuleCatchesWrongWay checks the rule itself on made-up packages, so a
// mistake in ring() or allowed cannot make TestRings pass vacuously.
func TestRuleCatchesWrongWay(t *testing.T) {
	cases := []struct {
		p    pkg
		want int
	}{
		{pkg{ImportPath: module + "/shared/feature/x", Imports: []string{module + "/shared/edge/api"}}, 1},
		{pkg{ImportPath: module + "/shared/feature/x", Imports: []string{module + "/shared/dev/faults"}}, 1},
		{pkg{ImportPath: module + "/shared/feature/x", Imports: []string{"net/http"}}, 1},
		{pkg{ImportPath: module + "/shared/platform/x", Imports: []string{module + "/shared/feature/sites"}}, 1},
		{pkg{ImportPath: module + "/shared/edge/x", Imports: []string{module + "/shared/compose"}}, 1},
		{pkg{ImportPath: module + "/shared/edge/x", Imports: []string{module + "/shared/feature/sites", "net/http"}}, 0},
		{pkg{ImportPath: module + "/shared/dev/x", Imports: []string{module + "/shared/compose"}}, 0},
	}
	for _, c := range cases {
		if got := len(violations(c.p)); got != c.want {
			t.Errorf("%s importing %v: %d violations, want %d", c.p.ImportPath, c.p.Imports, got, c.want)
		}
	}
}
