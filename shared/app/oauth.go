package app

// wireOAuth wires the OAuth 2.1 authorization server, owner sign-in and app connections.
func (a *App) wireOAuth() {}
