package sitekeys

import (
	"rvcontent/shared/kernel/input"
)

// ParseNew reads the body of POST /sites/{site_id}/keys: an optional name
// of 1 to MaxName characters (null or absent: no label).
func ParseNew(o *input.Object) (NewKey, error) {
	var k NewKey
	if f := o.NullableString("name", input.SingleLine, input.Len(1, MaxName)); f.Sent && !f.Null && f.Value != "" {
		k.Name = &f.Value
	}
	return k, o.Err()
}
