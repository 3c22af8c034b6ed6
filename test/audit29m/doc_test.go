// Package audit29m audits the objects of spec section 2, table by table,
// black-box over HTTP against a dev stack: each object built in its usual
// and its unusual states (a Studio site whose payment is in flight, billing
// in each status) and each field checked against the spec's table and the
// README's notes (present, typed, null only where allowed, values within
// the spec's closed sets, money next to its currency). Each test pins one
// defect found and fixed, and says what was wrong.
package audit29m
