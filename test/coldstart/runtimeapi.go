package main

import (
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"
)

// answer is a function's first answer to the fake Runtime API.
type answer struct {
	// at is when the answer's request arrived.
	at time.Time
	// payload is the response, or the error report.
	payload []byte
	// failed is set for an invocation or init error report.
	failed bool
}

// runtimeAPI is a fake Lambda Runtime API serving one invocation: the
// first GET .../invocation/next gets the event, later ones wait until the
// process ends. The first response, invocation error or init error is sent
// on answered.
type runtimeAPI struct {
	// Addr is its address, the function's AWS_LAMBDA_RUNTIME_API.
	Addr     string
	answered chan answer
	srv      *http.Server
	served   atomic.Bool
	// polled is when the function first asked for an invocation: its
	// initialisation ended.
	polled atomic.Pointer[time.Time]
}

// requestID is the id of the one invocation.
const requestID = "8476a536-e9f4-11e8-9739-2dfe598c3fcd"

// startRuntimeAPI serves event on a free loopback port.
func startRuntimeAPI(event []byte) (*runtimeAPI, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	a := &runtimeAPI{Addr: ln.Addr().String(), answered: make(chan answer, 1)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2018-06-01/runtime/invocation/next", func(w http.ResponseWriter, r *http.Request) {
		now := time.Now()
		a.polled.CompareAndSwap(nil, &now)
		if a.served.Swap(true) {
			<-r.Context().Done() // the next invocation never comes
			return
		}
		h := w.Header()
		h.Set("Lambda-Runtime-Aws-Request-Id", requestID)
		h.Set("Lambda-Runtime-Deadline-Ms", strconv.FormatInt(time.Now().Add(29*time.Second).UnixMilli(), 10))
		h.Set("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:us-east-1:123456789012:function:coldstart")
		h.Set("Lambda-Runtime-Trace-Id", "Root=1-6740f1c0-3f2a1b0c9d8e7f6a5b4c3d2e;Parent=53995c3f42cd8ad8;Sampled=0")
		h.Set("Content-Type", "application/json")
		_, _ = w.Write(event)
	})
	report := func(failed bool) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			at := time.Now()
			body, _ := io.ReadAll(r.Body)
			select {
			case a.answered <- answer{at: at, payload: body, failed: failed}:
			default:
			}
			w.WriteHeader(http.StatusAccepted)
			_, _ = w.Write([]byte(`{"status":"OK"}`))
		}
	}
	mux.HandleFunc("POST /2018-06-01/runtime/invocation/{id}/response", report(false))
	mux.HandleFunc("POST /2018-06-01/runtime/invocation/{id}/error", report(true))
	mux.HandleFunc("POST /2018-06-01/runtime/init/error", report(true))
	a.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := a.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			select {
			case a.answered <- answer{at: time.Now(), payload: []byte(err.Error()), failed: true}:
			default:
			}
		}
	}()
	return a, nil
}

// Polled returns when the function first asked for an invocation, the
// zero time if it never did.
func (a *runtimeAPI) Polled() time.Time {
	if t := a.polled.Load(); t != nil {
		return *t
	}
	return time.Time{}
}

// Close stops serving and drops the waiting requests.
func (a *runtimeAPI) Close() { _ = a.srv.Close() }
