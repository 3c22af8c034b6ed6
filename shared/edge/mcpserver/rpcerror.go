package mcpserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/kernel/input"
)

// JSON-RPC 2.0's error codes for a request it cannot take.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
)

// rpcError writes a JSON-RPC error answering the request with id (null
// when unknown) with status.
func rpcError(w http.ResponseWriter, status int, id json.RawMessage, code int, message string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	api.JSON(w, status, map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": message}})
}

// idOf returns the id of the JSON-RPC message in body, or nil. The member
// is matched as the MCP SDK matches it: exactly ("ID" is another member),
// the last of a repeated one counting.
func idOf(body []byte) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return nil
	}
	return m["id"]
}

// methodOf returns the method the JSON-RPC message in body names, or "".
func methodOf(body []byte) string {
	var m struct {
		Method string `json:"method"`
	}
	if json.Unmarshal(body, &m) != nil {
		return ""
	}
	return m.Method
}

// rpcErrors passes the MCP transport's answers to a POST of body through,
// but holds a refusal it writes as plain text (a body that is not JSON, an
// unsupported Content-Type, a message that is not JSON-RPC 2.0, a method
// it does not handle) and writes it as a JSON-RPC error with the same
// status and the message's id (finish): a client reads every answer of the
// MCP address as JSON. The body is looked at only then.
type rpcErrors struct {
	http.ResponseWriter
	body   []byte
	status int
	held   bool
	text   bytes.Buffer
}

// WriteHeader holds a plain-text refusal and passes every other status on.
func (e *rpcErrors) WriteHeader(status int) {
	if status >= 400 && strings.HasPrefix(e.Header().Get("Content-Type"), "text/plain") {
		e.status, e.held = status, true
		return
	}
	e.ResponseWriter.WriteHeader(status)
}

// Write keeps a held refusal's text for finish and passes other answers
// on, rewriting a parameters error in the client's terms.
func (e *rpcErrors) Write(b []byte) (int, error) {
	if e.held {
		return e.text.Write(b)
	}
	if bytes.Contains(b, []byte(`"code":0,`)) || bytes.Contains(b, []byte(`unmarshal`)) || bytes.Contains(b, missingParamsJSON) {
		if fixed, ok := invalidParams(b); ok {
			if _, err := e.ResponseWriter.Write(fixed); err != nil {
				return 0, err
			}
			return len(b), nil
		}
	}
	if bytes.Contains(b, []byte(`"code":-32601,"message":"method not found`)) {
		if worded, ok := wordMethodNotFound(b, methodOf(e.body)); ok {
			if _, err := e.ResponseWriter.Write(worded); err != nil {
				return 0, err
			}
			return len(b), nil
		}
	}
	return e.ResponseWriter.Write(b)
}

// wordMethodNotFound rewrites the SDK's method-not-found answer
// (`method not found: "resources/subscribe"`, which it words so for every
// -32601) to a request of method as a sentence.
func wordMethodNotFound(b []byte, method string) ([]byte, bool) {
	var m map[string]json.RawMessage
	var e map[string]any
	if json.Unmarshal(b, &m) != nil || json.Unmarshal(m["error"], &e) != nil {
		return nil, false
	}
	e["message"] = methodNotFound(method)
	m["error"], _ = api.Marshal(e)
	out, err := api.Marshal(m)
	return out, err == nil
}

// missingParams is how the transport says a method that takes
// parameters was sent none (or null); missingParamsJSON is the same inside
// a JSON string.
const missingParams = `missing required "params"`

var missingParamsJSON = []byte(strings.ReplaceAll(missingParams, `"`, `\"`))

// missingParamsMessage is the invalid params error's message for a method
// sent without the parameters it takes.
const missingParamsMessage = "Invalid params: this method takes params (an object); the message has none."

// invalidParams rewrites the transport's answer to a message whose
// parameters do not decode (a JSON-RPC error with code 0 or -32602 whose
// message names the Go types it failed to fill), or that has none where
// the method takes them (-32600 from the transport), as JSON-RPC's invalid
// params error in the client's terms.
func invalidParams(b []byte) ([]byte, bool) {
	var m struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(b, &m) != nil || m.Error == nil {
		return nil, false
	}
	message := "Invalid params: a parameter does not have the type the method takes."
	switch {
	case m.Error.Code == codeInvalidRequest && strings.Contains(m.Error.Message, missingParams):
		message = missingParamsMessage
	case m.Error.Code != 0 && !(m.Error.Code == codeInvalidParams && strings.Contains(m.Error.Message, "unmarshal")):
		return nil, false
	}
	out, err := api.Marshal(map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": map[string]any{
		"code": codeInvalidParams, "message": message,
	}})
	return out, err == nil
}

// parseErrorMessage is the message of JSON-RPC's parse error.
const parseErrorMessage = "Parse error: the request body is not JSON. Send one JSON-RPC 2.0 message as JSON."

// notJSON reports whether a POST sent as application/json has a body that
// is not one JSON value, such as a message followed by other text or by a
// second message. The transport's decoder reads the first value and
// ignores the rest, so such a body would be answered as its first message;
// it is JSON-RPC's parse error instead. An empty body is left to the
// transport, which refuses it the same way, and so is a body of another
// Content-Type (415).
func notJSON(r *http.Request, body []byte) bool {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 || json.Valid(trimmed) {
		return false
	}
	mediaType, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mediaType == "application/json"
}

// refusal returns the JSON-RPC error a POST's body gets before the
// transport sees it, if any: a batch (one message per POST, so each is
// counted against the budget), a message with an id that would not come
// back exactly, one naming a member twice in one object (see
// repeatedMember), one with an id but no method, result or error, a
// response that is not JSON-RPC 2.0's, or one whose method is not a
// string.
func refusal(body []byte) (id json.RawMessage, message string, refused bool) {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 || !json.Valid(trimmed) {
		return nil, "", false
	}
	if trimmed[0] == '[' {
		return nil, "Invalid request: batches are not supported. Send one JSON-RPC message per POST.", true
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(trimmed, &m) != nil {
		return nil, "", false
	}
	if member, repeated := repeatedMember(trimmed); repeated {
		// A reader may take either value of a member named twice, so a
		// gateway or log could see another message than the one that
		// runs: the server reads neither.
		id := m["id"]
		if member == "id" || !exactID(id) {
			id = json.RawMessage("null")
		}
		return id, fmt.Sprintf("Invalid request: the message names %q twice; a reader may take either value, so the server takes neither. Send each member once.", member), true
	}
	_, hasID := m["id"]
	_, hasMethod := m["method"]
	_, hasResult := m["result"]
	_, hasError := m["error"]
	if hasID && !exactID(m["id"]) {
		// Answering under another id than the one sent would tie the
		// answer to another request: JSON-RPC's id is then null.
		return json.RawMessage("null"), "Invalid request: an id is a string or an integer from -(2^53 - 1) to 2^53 - 1.", true
	}
	if hasID && !hasMethod && !hasResult && !hasError {
		return m["id"], "Invalid request: a message with an id needs a method.", true
	}
	if hasID && !hasMethod && !isResponse(m) {
		// The transport takes any result or error as a response (202):
		// one with both, or with an error that is no error object, is not
		// JSON-RPC 2.0.
		return m["id"], "Invalid request: a response has a result or an error (an object with an integer code and a string message), not both.", true
	}
	if method := bytes.TrimSpace(m["method"]); hasMethod && (len(method) == 0 || method[0] != '"') {
		// A method that is not a string (null, a number) names no method:
		// the message is not JSON-RPC 2.0, rather than one of an unknown
		// method.
		return m["id"], "Invalid request: method must be a string naming the method.", true
	}
	return nil, "", false
}

// maxDepth is how deeply the MCP SDK reads arrays and objects nested in
// one another in a message, the message itself counting as the first
// level. The agent API reads deeper bodies, so a tool's arguments can be
// refused here that its endpoint would judge.
const maxDepth = 1000

// tooDeep returns the JSON-RPC error a message of body (one JSON value)
// gets when it nests arrays and objects deeper than maxDepth: the SDK
// refuses such a message whole, as though it were no JSON-RPC 2.0
// message, when what is wrong is its parameters (invalid params, -32602),
// or, for a message without a method, the message (-32600).
func tooDeep(body []byte) (code int, message string, refused bool) {
	depth, inString, escaped := 0, false, false
	for _, b := range body {
		switch {
		case inString && escaped:
			escaped = false
		case inString && b == '\\':
			escaped = true
		case inString:
			inString = b != '"'
		case b == '"':
			inString = true
		case b == '{' || b == '[':
			if depth++; depth > maxDepth {
				var m map[string]json.RawMessage
				if json.Unmarshal(body, &m) != nil || m["method"] == nil {
					return codeInvalidRequest, fmt.Sprintf("Invalid request: the message nests arrays and objects more than %d levels deep, deeper than this server reads.", maxDepth), true
				}
				return codeInvalidParams, fmt.Sprintf("Invalid params: the parameters nest arrays and objects more than %d levels deep (the message counting as one), deeper than this server reads. Send flatter arguments.", maxDepth), true
			}
		case b == '}' || b == ']':
			depth--
		}
	}
	return 0, "", false
}

// jsonMember is one member of a JSON object, in the order sent.
type jsonMember struct {
	name  string
	value json.RawMessage
}

// membersOf returns the members of JSON object text in order and the
// first name it repeats, if any; nil when text is no object.
func membersOf(text []byte) (members []jsonMember, repeated string) {
	dec := json.NewDecoder(bytes.NewReader(text))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, ""
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		name, isName := tok.(string)
		var value json.RawMessage
		if err != nil || !isName || dec.Decode(&value) != nil {
			return nil, ""
		}
		if seen[name] && repeated == "" {
			repeated = name
		}
		seen[name] = true
		members = append(members, jsonMember{name, value})
	}
	return members, repeated
}

// repeatedMember returns a member the message of body (a JSON object)
// names twice in one object, as a path (params.name), and whether there
// is one. A tool call's arguments are left to the tool (see arguments),
// which judges them as the API judges a body.
func repeatedMember(body []byte) (string, bool) {
	top, repeated := membersOf(body)
	if repeated != "" {
		return repeated, true
	}
	var method string
	for _, m := range top {
		if m.name == "method" {
			_ = json.Unmarshal(m.value, &method)
		}
	}
	for _, m := range top {
		params, repeated := membersOf(m.value)
		if m.name != "params" || params == nil {
			if name, ok := input.RepeatedName(m.value, m.name); ok {
				return name, true
			}
			continue
		}
		if repeated != "" {
			return "params." + repeated, true
		}
		for _, p := range params {
			if p.name == "arguments" && method == "tools/call" {
				continue
			}
			if name, ok := input.RepeatedName(p.value, "params."+p.name); ok {
				return name, true
			}
		}
	}
	return "", false
}

// isResponse reports whether m, a message with an id and no method, is
// JSON-RPC 2.0's response: a result or an error but not both, the error
// an object with an integer code and a string message.
func isResponse(m map[string]json.RawMessage) bool {
	_, hasResult := m["result"]
	raw, hasError := m["error"]
	if hasResult == hasError {
		return false
	}
	if hasResult {
		return true
	}
	var e struct {
		Code    *int64  `json:"code"`
		Message *string `json:"message"`
	}
	return json.Unmarshal(raw, &e) == nil && e.Code != nil && e.Message != nil
}

// maxExactID is the largest integer id every JSON reader (a float64) reads
// exactly.
const maxExactID = 1<<53 - 1

// exactID reports whether an id can be answered as sent: a string, or an
// integer within maxExactID, not 1.5 or 1e3 or 12345678901234567890, which
// would come back changed, nor a boolean, object or array, which JSON-RPC
// does not allow as an id. A null id is the transport's to judge.
func exactID(raw json.RawMessage) bool {
	s := string(bytes.TrimSpace(raw))
	if s == "" || s == "null" || s[0] == '"' {
		return true
	}
	if s[0] != '-' && (s[0] < '0' || s[0] > '9') {
		return false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return err == nil && n >= -maxExactID && n <= maxExactID
}

// finish writes a held refusal as a JSON-RPC error.
func (e *rpcErrors) finish() {
	if !e.held {
		return
	}
	e.Header().Del("X-Content-Type-Options")
	if !json.Valid(e.body) && e.status != http.StatusUnsupportedMediaType {
		// A body of another Content-Type is refused for its type (415,
		// invalid request) before anything reads it, JSON or not.
		rpcError(e.ResponseWriter, e.status, nil, codeParseError, parseErrorMessage)
		return
	}
	text := strings.TrimSpace(e.text.String())
	if strings.Contains(text, "unmarshal") {
		text = "the body is not a JSON-RPC 2.0 message object" // not the Go types it failed to fill
	}
	// The transport's own texts may start with what the message says
	// already ("invalid request: ", "Bad Request: ").
	for _, prefix := range []string{"bad request: ", "invalid request: "} {
		if len(text) > len(prefix) && strings.EqualFold(text[:len(prefix)], prefix) {
			text = text[len(prefix):]
		}
	}
	if strings.Contains(text, missingParams) {
		// A well-formed message of a method that takes parameters, sent
		// without them: its parameters are not the method's.
		rpcError(e.ResponseWriter, e.status, idOf(e.body), codeInvalidParams, missingParamsMessage)
		return
	}
	if strings.Contains(text, "not handled") {
		rpcError(e.ResponseWriter, e.status, idOf(e.body), codeMethodNotFound, methodNotFound(methodOf(e.body)))
		return
	}
	if strings.Contains(text, "version tag") {
		text = `jsonrpc must be "2.0"` // not the SDK's name for the member
	}
	code := codeInvalidRequest
	rpcError(e.ResponseWriter, e.status, idOf(e.body), code, "Invalid request: "+text+".")
}
