package testenv

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"rvcontent/shared/edge/routes"
)

// The contract check: every request a test sends to one of the two APIs
// through Client.Do, and the answer it gets, are checked against the
// OpenAPI document the stack serves for that API (kin-openapi's
// openapi3filter). The answer must be one the document lists for the
// operation (status, the headers it names, body). A request the document
// refuses (a field too long, a missing one, a wrong type) must not
// succeed: the document's limits are the service's. A test that sends a
// request to break a rule therefore still passes, as long as the service
// refuses it too.

// contract is one stack's two documents and their routers.
type contract struct {
	docs []apiDoc
}

// apiDoc is one API's document.
type apiDoc struct {
	base   string // the API's root path
	router routers.Router
}

var contracts sync.Map // base URL → func() (*contract, error)

// contractOf loads the documents the stack at base serves, once.
func contractOf(base string) (*contract, error) {
	load, _ := contracts.LoadOrStore(base, sync.OnceValues(func() (*contract, error) {
		c := &contract{}
		for _, api := range []struct{ root, doc string }{
			{routes.AgentBase, routes.AgentOpenAPIPath}, {routes.PublicBase, routes.PublicOpenAPIPath},
		} {
			resp, err := httpClient.Get(base + api.doc)
			if err != nil {
				return nil, err
			}
			b, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil || resp.StatusCode != http.StatusOK {
				return nil, fmt.Errorf("GET %s: %d %v", api.doc, resp.StatusCode, err)
			}
			doc, err := openapi3.NewLoader().LoadFromData(b)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", api.doc, err)
			}
			doc.Servers = openapi3.Servers{{URL: base + api.root}}
			router, err := gorillamux.NewRouter(doc)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", api.doc, err)
			}
			c.docs = append(c.docs, apiDoc{base: api.root, router: router})
		}
		return c, nil
	}))
	return load.(func() (*contract, error))()
}

// checkContract checks a request sent to the stack at base (with its
// body) and the answer it got against the stack's documents; problems
// fail the test, which goes on.
func checkContract(t testing.TB, base string, req *http.Request, body []byte, resp *Response) {
	t.Helper()
	path := req.URL.Path
	if !strings.HasPrefix(path, routes.AgentBase+"/") && !strings.HasPrefix(path, routes.PublicBase+"/") {
		return
	}
	if path == routes.AgentOpenAPIPath || path == routes.PublicOpenAPIPath || req.Method == http.MethodOptions {
		return
	}
	c, err := contractOf(base)
	if err != nil {
		t.Errorf("contract: %v", err)
		return
	}
	for _, d := range c.docs {
		if strings.HasPrefix(path, d.base+"/") {
			d.check(t, req, body, resp)
			return
		}
	}
}

// check checks one exchange against the document.
func (d apiDoc) check(t testing.TB, req *http.Request, body []byte, resp *Response) {
	t.Helper()
	r := req.Clone(context.Background())
	r.Body = io.NopCloser(bytes.NewReader(body))
	route, params, err := d.router.FindRoute(r)
	if err != nil {
		// No operation: the service answers 404 (another method of a
		// known path, or an unknown path), or 429 once the caller is over
		// the limit such requests count against too.
		if resp.Status != http.StatusNotFound && resp.Status != http.StatusTooManyRequests {
			t.Errorf("contract: %s %s is no operation of the document, yet it answered %d: %s", req.Method, req.URL.Path, resp.Status, resp.Body)
		}
		return
	}
	in := &openapi3filter.RequestValidationInput{
		Request: r, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true},
	}
	refused := openapi3filter.ValidateRequest(context.Background(), in)
	if refused != nil && resp.Status < 400 {
		t.Errorf("contract: the document refuses %s %s (%v), and the service answered %d: the document is stricter than the service\nbody: %s",
			req.Method, req.URL.RequestURI(), refused, resp.Status, body)
	}
	out := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 resp.Status,
		Header:                 resp.Header,
		Body:                   io.NopCloser(bytes.NewReader(resp.Body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		t.Errorf("contract: the answer to %s %s (%s) does not match the document: %v\nanswer %d: %.2000s",
			req.Method, req.URL.RequestURI(), route.Operation.OperationID, err, resp.Status, resp.Body)
	}
}
