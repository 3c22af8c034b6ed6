// Package audit28h audits articles through the agent API and the
// dashboard black-box over HTTP against a dev stack: the article object in
// each status, its transitions (create, generate, edit, finish, publish,
// delete) with their status codes and credits, pushes to the two
// platforms, list filters and cursors, the limits of spec 8 and the
// dashboard's article pages, one test per defect found.
package audit28h
