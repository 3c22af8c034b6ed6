package robustness

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"rvcontent/shared/edge/catalog"
)

// listOps returns the agent-API operations that take a cursor.
func listOps() []catalog.Operation {
	var out []catalog.Operation
	for _, op := range catalog.Of(catalog.AgentAPI) {
		for _, q := range op.Query {
			if q.Name == "cursor" && op.Method == http.MethodGet {
				out = append(out, op)
				break
			}
		}
	}
	return out
}

// forge returns cursors made from a real one (a base64 JSON object of
// sort-key values): each value too long for a key, empty, cut short, with
// a NUL, with its prefix alone or another's; keys added and dropped; and
// bytes that are not JSON or not UTF-8.
func forge(real string) []string {
	raw, err := base64.RawURLEncoding.DecodeString(real)
	if err != nil {
		return nil
	}
	var c map[string]string
	if json.Unmarshal(raw, &c) != nil {
		return nil
	}
	enc := func(m map[string]string) string {
		b, _ := json.Marshal(m)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	var out []string
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := c[k]
		prefix, _, _ := strings.Cut(v, "#")
		for _, nv := range []string{
			v + strings.Repeat("x", 2000), "", v + "\x00", v[:len(v)/2], prefix + "#", "ACCT#" + v,
			"9999-12-31T23:59:59.999999Z#" + v, strings.Repeat("é", 600),
		} {
			m := map[string]string{}
			for kk, vv := range c {
				m[kk] = vv
			}
			m[k] = nv
			out = append(out, enc(m))
		}
		drop := map[string]string{}
		for kk, vv := range c {
			if kk != k {
				drop[kk] = vv
			}
		}
		out = append(out, enc(drop))
	}
	extra := map[string]string{"pk": "ACCT#00000000-0000-0000-0000-000000000000", "gsi1pk": "x", "zz": strings.Repeat("z", 3000)}
	for k, v := range c {
		extra[k] = v
	}
	out = append(out, enc(extra))
	out = append(out, base64.RawURLEncoding.EncodeToString(append(raw[:len(raw):len(raw)], '\xff')))
	out = append(out, base64.RawURLEncoding.EncodeToString([]byte(strings.Replace(string(raw), `":"`, `":"\xff`, 1))))
	out = append(out, base64.StdEncoding.EncodeToString(raw), real+"=", real+"%3D", strings.ToUpper(real))
	return out
}

// TestForgedCursors takes a real cursor from every list that has more than
// one page, and sends every list the other lists' cursors and cursors
// forged from each: each answers 422 (a cursor the list did not issue) or
// a page, never a 5xx.
func TestForgedCursors(t *testing.T) {
	f := setUp(t)
	c := f.r.Client
	// Make sure some lists have a second page.
	for i := 0; i < 2; i++ {
		c.Agent(t, "POST", "/sites/"+f.r.SiteID+"/keywords", map[string]any{"name": "robust keyword " + string(rune('a'+i))}).Expect(t, http.StatusCreated)
	}
	var reals []string
	owned := map[string]string{} // list → its own cursor
	for _, op := range listOps() {
		path := f.path(op.Method, op.FullPath(), nil)
		resp, err := send(c, probe{method: http.MethodGet, path: path + "?limit=1"})
		if err != nil || resp.Status != http.StatusOK {
			continue
		}
		var page struct {
			Next *string `json:"next_cursor"`
		}
		if json.Unmarshal(resp.Body, &page) == nil && page.Next != nil && *page.Next != "" {
			reals = append(reals, *page.Next)
			owned[op.ID] = *page.Next
		}
	}
	if len(reals) < 3 {
		t.Fatalf("only %d lists gave a cursor", len(reals))
	}
	var probes []probe
	for i, op := range listOps() {
		path := f.path(op.Method, op.FullPath(), nil)
		errs := op.Errors()
		// Every list gets every real cursor, its own forged (when it has
		// one) and another's forged, in turn.
		cursors := append([]string(nil), reals...)
		if own, ok := owned[op.ID]; ok {
			cursors = append(cursors, forge(own)...)
		}
		cursors = append(cursors, forge(reals[i%len(reals)])...)
		for _, cur := range cursors {
			probes = append(probes, probe{name: op.ID + " cursor " + clip(cur), method: http.MethodGet,
				path: path + "?limit=1&cursor=" + url.QueryEscape(cur), errs: errs})
		}
	}
	run(t, c, probes, checkAgent)
	t.Logf("%d real cursors, %d probes", len(reals), len(probes))
}
