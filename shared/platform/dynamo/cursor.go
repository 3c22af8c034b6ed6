package dynamo

import (
	"encoding/base64"
	"encoding/json"
	"errors"
)

// ErrBadCursor is returned when a cursor was not issued by this service.
var ErrBadCursor = errors.New("dynamo: malformed cursor")

// Cursor is the position a list resumes after. It holds only sort-key values:
// the partition always comes from the caller's own account, so a cursor can
// never reach another account's items.
type Cursor map[string]string

// EncodeCursor returns c as an opaque string.
func EncodeCursor(c Cursor) string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

// DecodeCursor reads a string made by EncodeCursor; "" gives a nil cursor.
func DecodeCursor(s string) (Cursor, error) {
	if s == "" {
		return nil, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, ErrBadCursor
	}
	var c Cursor
	if err := json.Unmarshal(b, &c); err != nil || len(c) == 0 {
		return nil, ErrBadCursor
	}
	return c, nil
}
