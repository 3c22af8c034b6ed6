// Package audit29e walks every page of the owner's dashboard a signed-in
// owner reaches, with realistic data on the dev stack (names as long as
// real ones get), in headless Chromium at phone (320 and 390 px), tablet
// (700 px) and desktop (1280 px) widths, and pins the accessibility and
// phone-use defects the audit found and fixed: a page under an area (an
// article under Articles, a webhook under Settings, ...) that marked the
// area's link aria-current="page" though it leads to another page; a
// disclosure's summary in a table cell (Remove a Studio site) that never
// wrapped, so at phone width it ran past the screen inside its table's
// box, which then scrolled sideways; and the sideways-scrolling box of
// every table, an anonymous div rather than a region named by the
// table's caption. Screenshots go to /tmp/shots29e/.
package audit29e
