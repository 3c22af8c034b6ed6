// Package audit27i audits a large account black-box over HTTP against a
// dev stack: hundreds of keywords on one site and dozens of Studio sites,
// and what the owner's pages make of them. Every list a page shows must
// page rather than render every row at once, every item must stay
// reachable by paging, and a page of many sites must not send all its
// agent-API reads (Lambda invocations in AWS) at once.
package audit27i
