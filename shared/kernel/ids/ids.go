// Package ids makes the service's identifiers: UUID strings, time-ordered
// where a list sorts by creation.
package ids

import "github.com/google/uuid"

// New returns a random UUID (version 4).
func New() string { return uuid.NewString() }

// Sortable returns a time-ordered UUID (version 7): later ids sort after
// earlier ones.
func Sortable() string { return uuid.Must(uuid.NewV7()).String() }

// Valid reports whether s is a UUID in its canonical 36-character form.
func Valid(s string) bool {
	if len(s) != 36 {
		return false
	}
	_, err := uuid.Parse(s)
	return err == nil
}

// Issued reports whether s could be an id this service made: a UUID in
// its canonical lowercase form (New and Sortable make nothing else). A
// value that is not cannot name anything, so it needs no lookup.
func Issued(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
				return false
			}
		}
	}
	return true
}
