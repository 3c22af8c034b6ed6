package artefacts

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// LambdaAPI is a local stand-in for the Lambda Invoke API: it hands
// POST /2015-03-31/functions/{name}/invocations to the emulator of the
// function registered under name, so a function that invokes another one
// (AWS_ENDPOINT_URL_LAMBDA) reaches that function's real executable.
type LambdaAPI struct {
	// Endpoint is its address, "http://127.0.0.1:<port>".
	Endpoint string
	srv      *http.Server
	mu       sync.Mutex
	fns      map[string]*RIE
	changed  chan struct{}
}

// lambdaWait is how long an invocation waits for its function's emulator
// to be registered.
var lambdaWait = 10 * time.Second

// StartLambdaAPI serves the Invoke API on a free loopback port.
func StartLambdaAPI() (*LambdaAPI, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	a := &LambdaAPI{Endpoint: "http://" + ln.Addr().String(), fns: map[string]*RIE{}, changed: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /2015-03-31/functions/{name}/invocations", a.invoke)
	a.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = a.srv.Serve(ln) }()
	return a, nil
}

// Register makes r the function invoked under each of names.
func (a *LambdaAPI) Register(r *RIE, names ...string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, n := range names {
		a.fns[n] = r
	}
	close(a.changed)
	a.changed = make(chan struct{})
}

// lookup returns the emulator registered under name, waiting up to
// lambdaWait for it.
func (a *LambdaAPI) lookup(ctx context.Context, name string) *RIE {
	deadline := time.NewTimer(lambdaWait)
	defer deadline.Stop()
	for {
		a.mu.Lock()
		r, changed := a.fns[name], a.changed
		a.mu.Unlock()
		if r != nil {
			return r
		}
		select {
		case <-changed:
		case <-deadline.C:
			return nil
		case <-ctx.Done():
			return nil
		}
	}
}

// invoke answers one Invoke call as Lambda does: 200 with the payload, and
// X-Amz-Function-Error when the function failed.
func (a *LambdaAPI) invoke(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	fn := a.lookup(r.Context(), name)
	if fn == nil {
		w.Header().Set("X-Amzn-ErrorType", "ResourceNotFoundException")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, `{"Type":"User","message":"Function not found: %s"}`, name)
		return
	}
	event, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	payload, err := fn.Invoke(r.Context(), event)
	var failed *FunctionFailure
	switch {
	case errors.As(err, &failed):
		w.Header().Set("X-Amz-Function-Error", "Unhandled")
	case err != nil:
		w.Header().Set("X-Amzn-ErrorType", "ServiceException")
		w.WriteHeader(http.StatusBadGateway)
		fmt.Fprintf(w, `{"Type":"Service","message":%q}`, err.Error())
		return
	}
	w.Header().Set("X-Amz-Executed-Version", "$LATEST")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(payload)
}

// Close stops serving.
func (a *LambdaAPI) Close() { _ = a.srv.Close() }
