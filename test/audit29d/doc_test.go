// Package audit29d audits the activity log and the events feed as an agent
// and an owner read them (spec 2 Activity entry and Event, 4.4 GET
// /activity, 4.10 GET /events, 6, 7, 8; the README's "Activity", "Events"
// and "Conventions" notes; the dashboard's activity pages) black-box over
// HTTP against a dev stack. Each test pins a defect the earlier audits
// missed: a filter the log cannot match, a cursor the log issued but
// refused once its entry aged out, and a filtered page whose cost grew
// with the whole account's log.
package audit29d
