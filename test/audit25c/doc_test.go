// Package audit25c submits the owner's dashboard forms with bad input, as
// an owner would in a browser (values the API refuses with 402, 409 or
// 422, a page gone stale while an agent worked, a form sent twice), and
// checks the page that comes back: an HTML page that says in plain words
// what is wrong, next to the form, with what the owner typed kept and a
// link to the page that fixes it. It pins the defects the audit found and
// fixed: an article's edit form whose refusal, while the service wrote
// the article, threw away the owner's text and said nothing; an article's
// rewrite form and a forum thread's draft form whose refusal vanished
// when an agent had changed the article or thread since the page opened;
// a form sent again with other values, refused with words about the API's
// Idempotency-Key; refusals that named request fields, codes and
// endpoints (an emptied finished article, an empty live address, a
// backlink target added twice, "Every event" ticked with other events, a
// dismissed thread); and plan refusals inside a form without a link to
// the Billing page. Chromium shoots pages at 390 px into .cache/audit25c/.
package audit25c
