// Package mcpserver is the service's MCP server at {base_url}/mcp (spec
// 5): the official MCP SDK's Streamable HTTP transport in stateless mode
// (no session outlives its request, as a Lambda needs), with one tool per
// agent-API endpoint. The tools are made from the route table at start, so
// a route added to the table is a tool at once; the catalog gives each its
// name, description and input schema. A tool call runs in-process through
// the endpoint group's own http.Handler, carrying the caller's own
// credential, so validation, errors, plan gates, idempotency and activity
// attribution are the agent API's.
package mcpserver

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/apperr"
)

// Options configure the MCP server.
type Options struct {
	// Routes is the route table; each agent-API route becomes a tool.
	Routes []routes.Route
	// Handler returns the http.Handler of an endpoint group; tool calls run
	// through it.
	Handler func(routes.Group) http.Handler
	// Version is the server version announced at initialization.
	Version string
}

// Server serves MCP over Streamable HTTP.
type Server struct {
	opts Options
	sdk  func() http.Handler
}

// Name is the server name announced at initialization.
const Name = "content-marketing-service"

// instructions tell a client's model how the tools behave.
const instructions = "Each tool calls one endpoint of the agent API (" + routes.AgentBase + ") with this connection's credential " +
	"and returns the endpoint's JSON answer. A failed call is a tool error whose content is the API's error body with its HTTP status: " +
	"{status, code, error, details, action_url}. Asynchronous work (scans, research, writing, syncs, sweeps) answers with a job: " +
	"call get_job with wait to follow it. Lists return next_cursor; pass it as cursor for the next page. " +
	"Send idempotency_key on calls that spend credits or money so a retry never runs twice."

// New returns the MCP server for the routes of o. The SDK's server and its
// tools are built at the first request, not when the function starts:
// registering every tool checks its schema, which takes tens of
// milliseconds that a cold start should not wait for.
func New(o Options) *Server {
	s := &Server{opts: o}
	s.sdk = sync.OnceValue(s.build)
	return s
}

// build returns the SDK's handler with one tool per agent-API route.
func (s *Server) build() http.Handler {
	o := s.opts
	srv := mcp.NewServer(&mcp.Implementation{Name: Name, Title: "Content marketing service", Version: o.Version}, &mcp.ServerOptions{Instructions: instructions})
	for _, t := range Tools(o.Routes) {
		srv.AddTool(t.Definition(), s.call(t))
	}
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		Stateless:    true,
		JSONResponse: true,
		// Every request needs a Bearer credential: there is no ambient
		// authority (cookies) that a rebinding page could borrow, and the
		// dev stack is reached by loopback names and addresses alike.
		DisableLocalhostProtection: true,
		MaxRequestBodyBytes:        api.MaxBody,
	})
}

// ServeHTTP serves one MCP request. Bodies over 1 MB answer the API's 413
// payload_too_large. Answers are always JSON, so a client that does not
// also offer text/event-stream is served too.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Body != nil && r.Method == http.MethodPost {
		b, err := io.ReadAll(io.LimitReader(r.Body, api.MaxBody+1))
		if err != nil {
			api.Error(w, r, apperr.New(apperr.BadRequest, "The request body could not be read."))
			return
		}
		if len(b) > api.MaxBody {
			api.Error(w, r, apperr.New(apperr.PayloadTooLarge, "The request body is larger than 1 MB."))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(b))
		accept := strings.Join(r.Header.Values("Accept"), ",")
		if !strings.Contains(accept, "text/event-stream") || !strings.Contains(accept, "application/json") {
			r.Header.Set("Accept", "application/json, text/event-stream")
		}
	}
	s.sdk().ServeHTTP(w, r.WithContext(withOrigin(r.Context(), originOf(r))))
}

// call returns the handler of tool t: the agent-API request it stands for,
// served by the route's group (in its own function).
func (s *Server) call(t Tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var header http.Header
		if req.Extra != nil {
			header = req.Extra.Header
		}
		rec := newRecorder()
		hr, err := t.request(ctx, originFrom(ctx, header), req.Params.Arguments)
		if err != nil {
			api.Error(rec, (&http.Request{}).WithContext(ctx), err)
			return rec.result(), nil
		}
		// The MCP request's budget count runs beside it (api.RateLimit):
		// a read goes at once, anything else waits, and over budget does
		// not run (the MCP request is answered 429).
		if t.Route.Method != http.MethodGet && api.Spent(ctx) {
			api.Error(rec, hr, apperr.New(apperr.RateLimited, "Too many requests. Wait Retry-After seconds, then try again."))
			return rec.result(), nil
		}
		s.opts.Handler(t.Route.Group).ServeHTTP(rec, hr)
		return rec.result(), nil
	}
}
