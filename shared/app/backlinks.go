package app

// wireBacklinks wires the backlink exchange.
func (a *App) wireBacklinks() {}
