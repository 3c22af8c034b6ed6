// Package audit29s looks, in headless Chromium at 390 and 1280 px, at the
// dashboard pages in the states audit wave 29 added (an archived and a
// pending Studio site, an account without the paid plan, the 429 pages,
// the deletion pages of an account that never subscribed), runs the
// accessibility walk's structural checks on them, and pins the defects
// found: an archived site's autopilot page that said autopilot cannot be
// turned on and offered the box that turns it on; the dashboard's and the
// authorization endpoint's 429 pages with no way back; Billing offering
// to add a Studio site while another's payment holds the account's site
// change (409); and a moment in an activity sentence shown outside a time
// element. Screenshots go to /tmp/shots29s/.
package audit29s
