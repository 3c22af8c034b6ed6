// Package audit28l walks the owner's dashboard as a person uses it, over
// HTTP and in headless Chromium at a phone's (390 px) and a desktop's
// (1280 px) width, and pins the defects the audit found and fixed: the
// README's /signout page that answered the 404 page when opened; a claim
// link's "not valid" page that was not an alert, unlike a sign-in link's;
// a forum thread whose reply was only claimed (no address yet) read as
// "reply posted"; a keyword or a backlink target added twice whose
// refusal stood at the top of the form rather than next to the field; an
// autopilot page silent when the site has fewer article credits than its
// next run writes, and counting a run's slot ("14 to write") rather than
// the articles waiting for it; and a forum page that, without the paid
// plan, sent the owner to a setting the API refuses instead of to
// Billing. Screenshots go to .cache/audit28l/.
package audit28l
