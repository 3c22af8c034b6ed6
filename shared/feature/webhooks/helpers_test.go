package webhooks

import (
	"errors"

	"rvcontent/shared/kernel/apperr"
)

// problemFields lists the fields of a validation error.
func problemFields(err error) []string {
	var e *apperr.Error
	if !errors.As(err, &e) {
		return nil
	}
	var out []string
	for _, p := range e.Details {
		out = append(out, p.Field)
	}
	return out
}
