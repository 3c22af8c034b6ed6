// Package auth describes who is calling: the account, the actor (an agent
// key, an OAuth app, the owner or the service itself) and the caller's
// address. Request middleware puts a Principal in the context; domain code
// reads it to scope every read to the caller's account and to attribute
// every change in the activity log.
package auth

import "context"

// Actor types, as the activity log and webhook objects name them.
const (
	ActorAgent   = "agent"   // an agent key
	ActorApp     = "app"     // an OAuth connection
	ActorOwner   = "owner"   // the signed-in owner
	ActorService = "service" // autopilot and other scheduled work
)

// Actor is who made a change.
type Actor struct {
	Type string `json:"type"`
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Principal is an authenticated caller.
type Principal struct {
	AccountID string
	Actor     Actor
	// CredentialID is the agent key or OAuth connection used; empty for the
	// owner and the service.
	CredentialID string
	// IP is the caller's address.
	IP string
}

type principalKey struct{}

// With returns ctx carrying p.
func With(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// From returns the principal in ctx, if any.
func From(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}

// ServiceID is the actor id of the service's own work (autopilot, scans,
// scheduled checks); a site key's live URL has the key's id instead.
const ServiceID = "service"

// Service returns the principal for scheduled work on an account.
func Service(accountID, name string) Principal {
	return Principal{AccountID: accountID, Actor: Actor{Type: ActorService, ID: ServiceID, Name: name}}
}

// ServiceOnRequest returns the principal of the service acting on an
// account because of a caller's request in ctx (a claim link the sign-in
// page resends, a connection revoked on token reuse): the service is the
// actor, and the caller's address (see IP) is what its changes record.
func ServiceOnRequest(ctx context.Context, accountID, name string) Principal {
	p := Service(accountID, name)
	p.IP = IP(ctx)
	return p
}

type ipKey struct{}

// WithIP returns ctx carrying the caller's address, for calls made before a
// principal exists (account creation).
func WithIP(ctx context.Context, ip string) context.Context {
	return context.WithValue(ctx, ipKey{}, ip)
}

// IP returns the caller's address from the principal or from WithIP.
func IP(ctx context.Context) string {
	if p, ok := From(ctx); ok && p.IP != "" {
		return p.IP
	}
	ip, _ := ctx.Value(ipKey{}).(string)
	return ip
}
