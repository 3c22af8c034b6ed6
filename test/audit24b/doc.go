// Package audit24b holds black-box tests, over HTTP against a dev stack,
// of the agent API's articles and the jobs they start (spec sections 2, 3,
// 4.1, 4.5, 7 and 8 as they apply to articles and jobs, and the README's
// API notes "Jobs" and "Articles"): each one pins a defect this audit
// found, or a sentence nothing else tested. Each test starts its own stack
// with the background scheduler off, so time moves and scheduled work runs
// only when the test says.
package audit24b
