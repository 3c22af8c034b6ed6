package agentapi

import "time"

// timeValue is an optional time read from a query.
type timeValue struct {
	T   time.Time
	Set bool
}
