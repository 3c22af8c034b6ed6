// Package audit28n audits the backlink exchange black-box over HTTP
// against a dev stack, sentence by sentence of spec 2 (Backlink overview,
// target, placement, Domain verification), spec 4.7 and the README's
// "Backlink exchange": what the agent API answers and what the
// dashboard's backlinks page tells a person about a site whose domain was
// suspended or that hosts no links.
package audit28n
