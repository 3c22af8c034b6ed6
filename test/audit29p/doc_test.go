// Package audit29p audits the abuse limits of the endpoints a person or an
// app reaches without an agent credential, black-box over HTTP against a
// dev stack with its limits lowered: the owner sign-in form (POST /signin,
// which emails a link), the OAuth token endpoint and the authorization
// endpoint. Each must hold one caller address to a budget and answer past
// it in the shape its caller reads (a plain page for a person, an RFC
// 6749-shaped JSON error with Retry-After for an app), without sending
// mail or telling whether an account exists.
package audit29p
