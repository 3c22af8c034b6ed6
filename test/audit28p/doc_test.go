// Package audit28p audits accounts through the agent API and the activity
// log black-box over HTTP against a dev stack: account creation, the
// account in each state, claim resends, agent keys and the activity
// entries each action records.
package audit28p
