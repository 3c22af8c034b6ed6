package catalog

import (
	"net/http"
	"os"
	"strings"
	"testing"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/kernel/apperr"
)

// specDir is where the specifications sit beside the repository.
const specDir = "../../../../shared/spec/"

// indexRow is one operation of a spec's endpoint index and its need.
type indexRow struct {
	key  string
	need billing.Need
}

// readIndex reads the endpoint index table of a spec, starting at its
// header line: "METHOD[, METHOD] | path | purpose [| needs]" rows, a need
// such as "POST: paid plan" applying to that method only.
func readIndex(t *testing.T, file, header, base string) []indexRow {
	t.Helper()
	b, err := os.ReadFile(specDir + file)
	if err != nil {
		t.Skipf("the spec is not beside the repository (%v): the catalog is the index", err)
	}
	spec := string(b)
	start := strings.Index(spec, header)
	if start < 0 {
		t.Fatalf("%s has no endpoint index", file)
	}
	var out []indexRow
	for _, line := range strings.Split(spec[start:], "\n")[2:] {
		cells := strings.Split(line, "|")
		if len(cells) < 5 {
			break
		}
		methods, path, needs := strings.TrimSpace(cells[1]), strings.TrimSpace(cells[2]), ""
		if len(cells) > 5 {
			needs = strings.TrimSpace(cells[4])
		}
		for _, m := range strings.Split(methods, ",") {
			m = strings.TrimSpace(m)
			need := needs
			if method, rest, ok := strings.Cut(needs, ":"); ok {
				need = ""
				if strings.TrimSpace(method) == m {
					need = strings.TrimSpace(rest)
				}
			}
			out = append(out, indexRow{key: m + " " + base + path, need: needOf(t, need)})
		}
	}
	return out
}

func needOf(t *testing.T, s string) billing.Need {
	switch s {
	case "":
		return billing.NeedNothing
	case "trial or plan":
		return billing.NeedTrialOrPlan
	case "paid plan":
		return billing.NeedPaidPlan
	case "trial":
		return billing.NeedTrial
	}
	t.Fatalf("unknown need %q", s)
	return billing.NeedNothing
}

// The agent API's operations are the spec's endpoint index (4.2), method,
// path and Needs column, plus those marked Beyond; the site of a route
// that needs something must be usable, except when restoring a Studio
// site. Operations without a path parameter need no site.
func TestAgentOperationsAreTheSpecsIndex(t *testing.T) {
	index := readIndex(t, "agent-api.md", "| Method | Path | Purpose | Needs |", AgentAPI.Base())
	checkIndex(t, AgentAPI, index)
	if len(index) != 76 {
		t.Errorf("read %d endpoints of the index", len(index))
	}
}

// The public API's operations are its spec's endpoint table (4).
func TestPublicOperationsAreTheSpecsIndex(t *testing.T) {
	index := readIndex(t, "public-articles-api.md", "| Method | Path | Purpose |", PublicAPI.Base())
	checkIndex(t, PublicAPI, index)
	if len(index) != 4 {
		t.Errorf("read %d endpoints of the index", len(index))
	}
}

func checkIndex(t *testing.T, api API, index []indexRow) {
	t.Helper()
	ops := map[string]Operation{}
	for _, o := range Of(api) {
		ops[o.Key()] = o
	}
	listed := map[string]bool{}
	for _, row := range index {
		listed[row.key] = true
		o, ok := ops[row.key]
		if !ok {
			t.Errorf("the spec's %s is not in the catalog", row.key)
			continue
		}
		if o.Beyond {
			t.Errorf("%s is in the spec's index, yet marked Beyond", row.key)
		}
		if o.Needs.Need != row.need {
			t.Errorf("%s needs %v in the spec, %v in the catalog", row.key, row.need, o.Needs.Need)
		}
		wantSite := row.need != billing.NeedNothing && strings.Contains(o.Path, "{site_id}") && !strings.HasSuffix(o.Path, "/restore")
		if o.Needs.Site != wantSite {
			t.Errorf("%s: site check %v, want %v", row.key, o.Needs.Site, wantSite)
		}
	}
	for k, o := range ops {
		if !listed[k] && !o.Beyond {
			t.Errorf("the catalog's %s is not in the spec's index: mark it Beyond", k)
		}
	}
}

// Every operation is complete: a unique snake_case ID, a summary, a
// description that is a sentence, a tag, a success status and answer; a
// POST or PATCH takes no query parameter (an MCP tool sends every other
// argument in its body).
func TestOperationsAreComplete(t *testing.T) {
	seen := map[string]bool{}
	for _, o := range Operations() {
		if o.ID == "" || seen[o.ID] || strings.ToLower(o.ID) != o.ID || strings.ContainsAny(o.ID, " -") {
			t.Errorf("%s: ID %q", o.Key(), o.ID)
		}
		seen[o.ID] = true
		if o.Summary == "" || o.Tag == "" || !strings.HasSuffix(o.Description, ".") || o.Response == nil || o.Status < 200 || o.Status > 299 {
			t.Errorf("%s: incomplete entry", o.ID)
		}
		if (o.Method == http.MethodPost || o.Method == http.MethodPatch) && len(o.Query) > 0 {
			t.Errorf("%s: a %s with query parameters", o.ID, o.Method)
		}
		for _, p := range o.Params() {
			if _, ok := routes.ParamNamed(p.Name); !ok {
				t.Errorf("%s: {%s} has no kind", o.ID, p.Name)
			}
		}
	}
}

// Every error an operation names has the status the API's one status
// table gives its code.
func TestErrorsHaveTheirCodesStatus(t *testing.T) {
	for _, o := range Of(AgentAPI) {
		for _, e := range o.Errors() {
			if api.Status(e.Code) != e.Status && e.Code != apperr.Internal {
				t.Errorf("%s: %d %s, but %s answers %d", o.ID, e.Status, e.Code, e.Code, api.Status(e.Code))
			}
			if !isErrorCode(e.Code) {
				t.Errorf("%s: code %q is not in the Error schema's enum", o.ID, e.Code)
			}
		}
	}
}

// Every agent-API operation lists the errors the conventions every
// endpoint shares can answer: 422 for a query string that does not decode
// (api.WellFormedQuery runs before any handler), and 413 for a body over
// 1 MB on every method that reads one (api.ReadBody reads a DELETE's too).
func TestOperationsListTheConventionsErrors(t *testing.T) {
	for _, o := range Of(AgentAPI) {
		want := []Error{{Status: 422, Code: apperr.ValidationFailed}}
		if o.Method != http.MethodGet {
			want = append(want, Error{Status: 413, Code: apperr.PayloadTooLarge})
		}
		for _, w := range want {
			found := false
			for _, e := range o.Errors() {
				found = found || e.Status == w.Status && e.Code == w.Code
			}
			if !found {
				t.Errorf("%s does not list %d %s", o.ID, w.Status, w.Code)
			}
		}
	}
}

func isErrorCode(c apperr.Code) bool {
	for _, known := range errorCodes {
		if string(c) == known {
			return true
		}
	}
	return false
}
