// Package mcpserver is the service's MCP server at {base_url}/mcp (spec
// 5): the official MCP SDK's Streamable HTTP transport in stateless mode
// (no session outlives its request, as a Lambda needs), with one tool per
// agent-API operation of the endpoint catalog (its name, description,
// input and output schemas come from the catalog), resources (the two
// OpenAPI documents, a site and an article by URI) and prompts for the
// main workflows. A tool call, and the read of a site or an article, runs
// through the endpoint group's own http.Handler, carrying the caller's own
// credential, so validation, errors, plan gates, idempotency and activity
// attribution are the agent API's.
package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/apperr"
)

// Options configure the MCP server.
type Options struct {
	// Tools are the tools served; nil serves every tool of the catalog.
	Tools []Tool
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
	"Send idempotency_key on calls that spend credits or money so a retry never runs twice. " +
	"Resources: the two APIs' OpenAPI documents, and rvcontent://sites/{site_id} and rvcontent://sites/{site_id}/articles/{article_id}. " +
	"Prompts walk through onboarding a website, writing the next article and the forum sweep."

// New returns the MCP server of o. The SDK's server and its
// tools are built at the first request, not when the function starts:
// registering every tool checks its schema, which takes tens of
// milliseconds that a cold start should not wait for.
func New(o Options) *Server {
	s := &Server{opts: o}
	s.sdk = sync.OnceValue(s.build)
	return s
}

// build returns the SDK's handler with the tools, resources and prompts.
func (s *Server) build() http.Handler {
	o := s.opts
	srv := mcp.NewServer(&mcp.Implementation{Name: Name, Title: "Content marketing service", Version: o.Version}, &mcp.ServerOptions{
		Instructions: instructions,
		// Stateless: no session outlives its request, so no list-changed
		// notification or log message can ever reach a client; the lists
		// change only with a new deployment.
		Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}, Prompts: &mcp.PromptCapabilities{}, Resources: &mcp.ResourceCapabilities{}},
		SetCacheable: cacheScope,
	})
	tools := o.Tools
	if tools == nil {
		tools = Tools()
	}
	for _, t := range tools {
		srv.AddTool(t.Def, s.call(t))
	}
	s.addResources(srv)
	addPrompts(srv)
	srv.AddReceivingMiddleware(refuseLogging, wordRefusals, quoteErrorData)
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

// refuseLogging answers logging/setLevel as a method the server does not
// offer (it declares no logging capability: stateless, it can never send a
// log message), as the SDK answers resources/subscribe; the SDK would
// accept any level with an empty result. Its parameters must still be
// well formed: one of MCP's levels (the SDK refused other types before).
func refuseLogging(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method != "logging/setLevel" {
			return next(ctx, method, req)
		}
		if p, ok := req.GetParams().(*mcp.SetLoggingLevelParams); !ok || !slices.Contains(loggingLevels, string(p.Level)) {
			return nil, &jsonrpc.Error{Code: codeInvalidParams, Message: "Invalid params: level must be one of " + strings.Join(loggingLevels, ", ") + "."}
		}
		return nil, &jsonrpc.Error{Code: codeMethodNotFound, Message: methodNotFound(method)}
	}
}

// wordRefusals words the SDK's refusals of a tool or a prompt the server
// does not have (`unknown tool "x"`, `unknown prompt "x"`) as sentences
// that say where the names are; codes stay the SDK's. (The SDK words every
// -32601 itself as it answers; rpcErrors.Write rewords those.)
func wordRefusals(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		var e *jsonrpc.Error
		if !errors.As(err, &e) {
			return res, err
		}
		worded := *e
		switch p := req.GetParams().(type) {
		case *mcp.CallToolParamsRaw:
			if e.Code != codeInvalidParams || !strings.HasPrefix(e.Message, "unknown tool") {
				return res, err
			}
			worded.Message = unknownTool(p.Name)
		case *mcp.GetPromptParams:
			if e.Code != codeInvalidParams || !strings.HasPrefix(e.Message, "unknown prompt") {
				return res, err
			}
			worded.Message = fmt.Sprintf("Invalid params: this server has no prompt %q. prompts/list lists its prompts.", p.Name)
		default:
			return res, err
		}
		return res, &worded
	}
}

// unknownTool is the message of a tools/call of tool name, which the
// server does not have ("" when the call named none).
func unknownTool(name string) string {
	if name == "" {
		return "Invalid params: name is required: the tool to call, one of those tools/list lists."
	}
	return fmt.Sprintf("Invalid params: this server has no tool %q. tools/list lists its tools: "+
		"one for every agent API endpoint but POST /accounts, which needs no credential and is called over HTTP.", name)
}

// methodNotFound is the message of a request of method, which the server
// does not offer ("" when it could not be read).
func methodNotFound(method string) string {
	if method == "" {
		return "Method not found: this server does not offer that method."
	}
	return "Method not found: this server does not offer " + method + "."
}

// quoteErrorData makes the data of an error answer JSON. The SDK's
// "Resource not found" quotes the uri with Go's %q, which is no JSON for
// some characters (a control character such as U+0001, DEL): the answer
// then failed to encode and the client got an empty body instead of an
// error with its message's id. Such data is the uri again, as a JSON
// string.
func quoteErrorData(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		var e *jsonrpc.Error
		if errors.As(err, &e) && len(e.Data) > 0 && !json.Valid(e.Data) {
			fixed := *e
			fixed.Data = nil
			if p, ok := req.GetParams().(*mcp.ReadResourceParams); ok {
				fixed.Data, _ = json.Marshal(map[string]string{"uri": p.URI})
			}
			return res, &fixed
		}
		return res, err
	}
}

// loggingLevels are MCP's log levels (RFC 5424's severities).
var loggingLevels = []string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// cacheScope marks a read of an account's resource (its site, its
// article: read with the caller's credential) as private to the caller;
// the OpenAPI documents and the lists are the same for everyone.
func cacheScope(_ context.Context, req mcp.Request, c *mcp.Cacheable) {
	if p, ok := req.GetParams().(*mcp.ReadResourceParams); ok && strings.HasPrefix(p.URI, siteResourcePrefix) {
		c.CacheScope = "private"
	}
}

// ServeHTTP serves one MCP request. Bodies over 1 MB answer the API's 413
// payload_too_large; the transport's other refusals of a POST answer
// JSON-RPC errors with their status (see rpcErrors). Answers are always
// JSON, so a client that does not also offer text/event-stream is served
// too.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var body []byte
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
		if notJSON(r, b) {
			rpcError(w, http.StatusBadRequest, nil, codeParseError, parseErrorMessage)
			return
		}
		if id, msg, refused := refusal(b); refused {
			rpcError(w, http.StatusBadRequest, id, codeInvalidRequest, msg)
			return
		}
		if code, msg, refused := tooDeep(b); refused {
			rpcError(w, http.StatusBadRequest, idOf(b), code, msg)
			return
		}
		body = b
		r.Body = io.NopCloser(bytes.NewReader(b))
		accept := strings.Join(r.Header.Values("Accept"), ",")
		if !strings.Contains(accept, "text/event-stream") || !strings.Contains(accept, "application/json") {
			r.Header.Set("Accept", "application/json, text/event-stream")
		}
	}
	r = r.WithContext(withOrigin(r.Context(), originOf(r)))
	if r.Method != http.MethodPost {
		s.sdk().ServeHTTP(w, r)
		return
	}
	rw := &rpcErrors{ResponseWriter: w, body: body}
	s.sdk().ServeHTTP(rw, r)
	rw.finish()
}

// call returns the handler of tool t: the agent-API request it stands
// for, served by the operation's group.
func (s *Server) call(t Tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return s.run(ctx, t, req.Extra, req.Params.Arguments).result(), nil
	}
}

// run serves the agent-API request of tool t with arguments args, as the
// caller of the MCP request in ctx (extra carries its headers), and
// returns the answer.
func (s *Server) run(ctx context.Context, t Tool, extra *mcp.RequestExtra, args json.RawMessage) *recorder {
	var header http.Header
	if extra != nil {
		header = extra.Header
	}
	rec := newRecorder()
	hr, err := t.request(ctx, originFrom(ctx, header), args)
	if err != nil {
		api.Error(rec, (&http.Request{}).WithContext(ctx), err)
		return rec
	}
	// The MCP request's budget count runs beside it (api.RateLimit): a
	// read goes at once, anything else waits, and over budget does not
	// run (the MCP request is answered 429).
	if t.Route.Method != http.MethodGet && api.Spent(ctx) {
		api.Error(rec, hr, apperr.New(apperr.RateLimited, "Too many requests. Wait Retry-After seconds, then try again."))
		return rec
	}
	s.opts.Handler(t.Route.Group).ServeHTTP(rec, hr)
	return rec
}
