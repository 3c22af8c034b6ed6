// Package audit29i audits the request budgets and rate limits black-box
// over HTTP against a dev stack (agent spec 4.1 and 8, public spec 5 and 8,
// the README's "Rate limits", "Signups", "Limits" and OAuth
// "Registration"): the count at which 429 starts, its body, Retry-After
// and the X-RateLimit headers, what is counted and what is not, requests
// racing at a limit, and that budgets held per caller address are not
// shared between addresses.
package audit29i
