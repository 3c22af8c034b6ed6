package apperr

// BadCursor returns the validation_failed error for a list cursor this
// service did not issue (or cannot read any more).
func BadCursor() *Error {
	return Invalid(Problem{Field: "cursor", Problem: "is not a cursor this service issued"})
}
