package app

// wireSites wires sites, scans and the model (issue: sites and the website scan).
func (a *App) wireSites() {}
