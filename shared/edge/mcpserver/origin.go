package mcpserver

import (
	"context"
	"net/http"
)

// origin is what a tool call's agent-API request takes over from the MCP
// request that carried the call: the caller's credential and the address
// facts the API reads (host, scheme, caller address).
type origin struct {
	host       string
	remoteAddr string
	header     http.Header
}

// forwarded are the MCP request's headers a tool call's request carries.
var forwarded = []string{"Authorization", "User-Agent", "X-Forwarded-Proto"}

func originOf(r *http.Request) origin {
	h := http.Header{}
	for _, name := range forwarded {
		if vs := r.Header.Values(name); len(vs) > 0 {
			h[name] = append([]string(nil), vs...)
		}
	}
	return origin{host: r.Host, remoteAddr: r.RemoteAddr, header: h}
}

// apply gives r the origin's host, caller address and headers.
func (o origin) apply(r *http.Request) {
	r.Host = o.host
	r.RemoteAddr = o.remoteAddr
	for k, vs := range o.header {
		r.Header[k] = append([]string(nil), vs...)
	}
}

type originKey struct{}

func withOrigin(ctx context.Context, o origin) context.Context {
	return context.WithValue(ctx, originKey{}, o)
}

// originFrom returns the origin of the MCP request serving ctx, falling
// back to the headers the MCP SDK passed along.
func originFrom(ctx context.Context, header http.Header) origin {
	if o, ok := ctx.Value(originKey{}).(origin); ok {
		return o
	}
	o := origin{header: http.Header{}}
	for _, name := range forwarded {
		if vs := header.Values(name); len(vs) > 0 {
			o.header[name] = vs
		}
	}
	return o
}
