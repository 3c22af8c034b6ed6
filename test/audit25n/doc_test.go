// Package audit25n audits the public articles API (public-articles-api.md
// and the README's "Site keys and the public articles API") as a CMS
// plugin author would use it, black-box over HTTP against dev stacks: a
// plugin-like client that syncs a site's finished articles incrementally
// with next_since while an agent creates, edits, finishes, publishes and
// deletes articles at the same time, and the spec's sentences one by one.
// Each test pins a spec or README sentence the running service broke; it
// fails on the code before its fix.
package audit25n
