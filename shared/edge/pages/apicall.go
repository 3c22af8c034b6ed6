package pages

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"time"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/idempotency"
	"rvcontent/shared/kernel/auth"
)

// API runs the dashboard's reads and actions as agent-API requests of the
// signed-in owner. Handler serves every agent-API route in the route's own
// function (gateway.RemoteAgentAPI: Lambda Invoke in AWS, in-process in the
// dev stack) with the principal it finds in the request's context, so a
// page gets exactly the API's answer: its rules and messages, limits,
// idempotency, events and activity.
type API struct {
	Handler http.Handler
	// Host is the service's host name the requests are addressed to.
	Host string
}

// request is one agent-API request of a page.
type request struct {
	Method string
	// Path is under the agent API's root, with its query ("/sites?limit=5").
	Path string
	// Body is sent as JSON when not nil.
	Body any
	// Key is the request's Idempotency-Key: a form's id, so a form sent
	// twice has one effect (the API replays its first answer).
	Key string
}

// apiError is an agent-API answer other than 2xx: its status and error
// body (spec 7).
type apiError struct {
	Status    int
	Message   string    `json:"error"`
	Code      string    `json:"code"`
	Details   []problem `json:"details"`
	ActionURL string    `json:"action_url"`
}

// problem is one invalid field of a validation_failed answer.
type problem struct {
	Field   string `json:"field"`
	Problem string `json:"problem"`
}

func (e *apiError) Error() string { return e.Message }

// replayWait and replayTries bound how long a request waits for the first
// request of a form sent twice: the API answers 409 while that one runs.
const (
	replayWait  = 250 * time.Millisecond
	replayTries = 40
)

// call runs req as p and decodes a 2xx answer's JSON into out (when not
// nil). Any other answer is an *apiError; a failure to reach the endpoint
// is another error.
func (a *API) call(ctx context.Context, p auth.Principal, req request, out any) error {
	var payload []byte
	if req.Body != nil {
		b, err := json.Marshal(req.Body)
		if err != nil {
			return err
		}
		payload = b
	}
	for try := 0; ; try++ {
		w, err := a.serve(auth.With(ctx, p), req.Method, routes.AgentBase+req.Path, p.IP, payload, req.Key)
		if err != nil {
			return err
		}
		status, body := w.status, w.body.Bytes()
		// A form sent twice whose first sending still runs: wait for the
		// first answer, which the API then replays.
		if status == http.StatusConflict && req.Key != "" && inProgress(body) && try < replayTries {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(replayWait):
			}
			continue
		}
		if err := decodeAnswer(status, body, out); err != nil {
			return err
		}
		if m, ok := out.(interface{ markReplayed(bool) }); ok {
			m.markReplayed(w.header.Get(api.ReplayedHeader) == "true")
		}
		return nil
	}
}

// replay, embedded in a call's out, tells whether the API replayed its
// first answer to the request's Idempotency-Key: the form was sent again
// (a reload, or Back and send again). A page that shows a secret once
// shows it only for the first answer.
type replay struct {
	Replayed bool `json:"-"`
}

func (r *replay) markReplayed(v bool) { r.Replayed = v }

// secretAgain is how long after a secret's creation the same form sent
// again still shows it: a double click, whose second answer is the one the
// browser shows. Later (a reload, or Back and send again) it does not.
const secretAgain = 15 * time.Second

// hidesSecret reports whether a page must not show again the secret of
// what the answer created at createdAt (RFC 3339): the answer is a replay,
// later than secretAgain after the creation.
func (r replay) hidesSecret(createdAt string, now time.Time) bool {
	created, err := time.Parse(time.RFC3339Nano, createdAt)
	return r.Replayed && (err != nil || now.Sub(created) > secretAgain)
}

// decodeAnswer decodes a 2xx answer's JSON into out (when not nil); any
// other answer is an *apiError with its sentences worded for a person.
func decodeAnswer(status int, body []byte, out any) error {
	if status >= 200 && status < 300 {
		if out == nil || len(body) == 0 {
			return nil
		}
		return json.Unmarshal(body, out)
	}
	e := &apiError{}
	if json.Unmarshal(body, e) != nil || e.Message == "" {
		e.Message = "Something went wrong on our side. Please try again in a minute."
	}
	e.Status, e.Message = status, forPerson(e.Message)
	for i := range e.Details {
		e.Details[i].Problem = forPerson(e.Details[i].Problem)
	}
	return e
}

// inProgress reports whether an answer is the API's refusal of a keyed
// request whose first sending still runs.
func inProgress(body []byte) bool {
	var e apiError
	return json.Unmarshal(body, &e) == nil && e.Message == idempotency.ErrInProgress.Message
}

// exchange sends method target (a path from the service's root) with
// payload as JSON (when not nil) and Idempotency-Key key (when not empty)
// from caller address ip, in ctx (which carries the principal, if any),
// and returns the answer's status and body.
func (a *API) exchange(ctx context.Context, method, target, ip string, payload []byte, key string) (int, []byte, error) {
	w, err := a.serve(ctx, method, target, ip, payload, key)
	if err != nil {
		return 0, nil, err
	}
	return w.status, w.body.Bytes(), nil
}

// serve is exchange with the whole answer, its headers included.
func (a *API) serve(ctx context.Context, method, target, ip string, payload []byte, key string) (*answer, error) {
	r, err := http.NewRequestWithContext(ctx, method, target, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	r.Host = a.Host
	r.RemoteAddr = ip + ":0"
	r.Header.Set("Accept", "application/json")
	if payload != nil {
		r.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		r.Header.Set("Idempotency-Key", key)
	}
	w := &answer{header: http.Header{}}
	a.Handler.ServeHTTP(w, r)
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w, nil
}

// answer keeps an endpoint's answer to a page's request.
type answer struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *answer) Header() http.Header { return w.header }

func (w *answer) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *answer) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(b)
}

// fetch is one read of a page that runs alongside the page's others.
type fetch struct {
	Path string
	Out  any
	// Optional reads leave Out empty when the API refuses them.
	Optional bool
}

// MaxConcurrentReads is how many of a page's reads run at one time. Each
// is an agent-API request in the endpoint's own function (in AWS a Lambda
// Invoke, and a function serves one request at a time), so a page of many
// sites' reads (the overview reads six per site) would otherwise take as
// many execution environments at once and meet Invoke's throttling.
const MaxConcurrentReads = 8

// fetchAll runs the reads alongside each other, MaxConcurrentReads at a
// time, and returns the first failure of a read that is not optional.
func (a *API) fetchAll(ctx context.Context, p auth.Principal, reads ...fetch) error {
	errs := make([]error, len(reads))
	slots := make(chan struct{}, MaxConcurrentReads)
	var wg sync.WaitGroup
	for i, f := range reads {
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			errs[i] = a.call(ctx, p, request{Method: http.MethodGet, Path: f.Path}, f.Out)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if _, refused := err.(*apiError); err != nil && !(refused && reads[i].Optional) {
			return err
		}
	}
	return nil
}

// newFormID returns a random id for a rendered form; the form sends it back
// and it becomes the Idempotency-Key of the form's request.
func newFormID() string {
	b := make([]byte, 18)
	if _, err := rand.Read(b); err != nil {
		panic("pages: no randomness: " + err.Error())
	}
	return "dash-" + base64.RawURLEncoding.EncodeToString(b)
}

// formKey returns the Idempotency-Key of a posted form: its id when it has
// a well-formed one, else a new one (a form without an id runs once).
func formKey(id string) string {
	if strings.HasPrefix(id, "dash-") && len(id) <= 64 && !strings.ContainsAny(id, " \r\n\t") {
		return id
	}
	return newFormID()
}
