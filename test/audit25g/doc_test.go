// Package audit25g pins defects of forum presence found in the 25th audit
// (spec 2 and 4.8, the README's "Forum presence" and the owner's forum
// pages): each test starts a dev stack, drives it over HTTP with the
// fixture forum, and checks one sentence of the spec or README that the
// service did not keep before its fix.
package audit25g
