package audit25e

import (
	"encoding/json"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestResourceReadOfAnOddURIAnswers: README ("MCP tools", Transport
// errors and Resources): every message gets an answer, "a JSON-RPC error
// with the message's id" when it is refused, and a resource another
// account's id names is "not found". A resources/read whose uri held a
// control character (U+0001, U+0007, DEL: what a client fuzzing the
// server, or a bad template expansion, sends) was answered 200 with an
// empty body: the SDK's not-found error quotes the uri with Go's %q,
// which is not JSON for those characters, so the whole answer failed to
// encode and the client waited for an answer that never came. It is now
// the same "Resource not found" error an unknown uri gets, with the uri
// as sent.
func TestResourceReadOfAnOddURIAnswers(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	read := func(uri string) (int, []byte) {
		msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 7, "method": "resources/read", "params": map[string]any{"uri": uri}})
		r := a.Client.Do(t, "POST", "/mcp", msg, "Accept: application/json, text/event-stream")
		return r.Status, r.Body
	}
	type answer struct {
		ID    int `json:"id"`
		Error struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
			Data    struct {
				URI string `json:"uri"`
			} `json:"data"`
		} `json:"error"`
	}
	_, body := read("rvcontent://nothing")
	var unknown answer
	if err := json.Unmarshal(body, &unknown); err != nil || unknown.Error.Code == 0 {
		t.Fatalf("an unknown uri answered %s", body)
	}
	for _, uri := range []string{"rvcontent://sites/\u0001", "rvcontent://nothing\u0007", "rvcontent://sites/" + a.SiteID + "\u007f", "\u0000"} {
		status, body := read(uri)
		var got answer
		if err := json.Unmarshal(body, &got); status != http.StatusOK || err != nil {
			t.Fatalf("resources/read of %q answered %d %q, want a JSON-RPC error", uri, status, body)
		}
		if got.ID != 7 || got.Error.Code != unknown.Error.Code || got.Error.Message != unknown.Error.Message || got.Error.Data.URI != uri {
			t.Fatalf("resources/read of %q answered %s, want id 7 and the error of an unknown uri (%d %q) naming it", uri, body, unknown.Error.Code, unknown.Error.Message)
		}
	}
}
