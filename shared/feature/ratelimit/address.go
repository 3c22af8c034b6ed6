package ratelimit

import "net/netip"

// Address returns the scope a caller address ip is counted under by the
// per-address budgets (sign-ups, sign-in requests, OAuth registrations,
// token and authorization requests, the agent API's requests without an
// accepted credential, the public API's requests): an IPv4 address itself (an
// IPv4-mapped IPv6 form included), an IPv6 address its /64 network, the
// least one subscriber is given, so that a caller cannot take a fresh
// budget with each of the 2^64 addresses of its own network. Text that is
// not an address is its own scope.
func Address(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	p, err := a.WithZone("").Prefix(64)
	if err != nil {
		return ip
	}
	return p.String()
}
