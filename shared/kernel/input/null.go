package input

// IsNull reports whether name was sent as the JSON literal null.
func (o *Object) IsNull(name string) bool {
	_, sent, null := o.raw(name)
	return sent && null
}
