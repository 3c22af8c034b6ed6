// Package audit25p audits webhook delivery (spec 6 "Webhook delivery",
// 4.10, 2 "Webhook endpoint", 8's 10-second response deadline) and jobs
// (spec 4.1, the README's "Jobs" and "Webhooks" notes) through what a
// receiver and an agent see on a dev stack: a receiver whose answer is not
// HTTP at all, and one whose TLS handshake is slow but which answers well
// within the deadline, as the test call and the attempt log report them.
// Receivers are HTTPS servers on loopback reached through the dev host
// overrides. What test/webhooks, audit21b, audit22a and audit23g cover
// (headers, signature, schedule, health, deletion, revocation, 410,
// late answers, TLS errors, large bodies) is not repeated.
package audit25p
