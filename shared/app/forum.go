package app

// wireForum wires forum presence.
func (a *App) wireForum() {}
