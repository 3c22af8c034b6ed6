package testenv

import "testing"

// RocketsHomePage is the home page of a website the offline model can
// plan from: a shop of model rocket kits for school science classes.
const RocketsHomePage = `<!doctype html><html lang="en"><head><title>Acme Rockets - Model rockets for schools</title>` +
	`<meta name="description" content="Acme Rockets sells model rocket kits for school science classes."></head>` +
	`<body><h1>Acme Rockets</h1><p>Model rocket kits and launch pads for school science classes.</p></body></html>`

// StartScanned starts a dev stack of t's own without the background
// scheduler (StartQuiet), serves RocketsHomePage as the website of a fresh
// host named after name (Pages), creates an account for it and waits for
// the account's first scan to end.
func StartScanned(t testing.TB, name string) (*Env, *Account) {
	t.Helper()
	env := StartQuiet(t)
	url := env.Pages(t, name, map[string]string{"/": RocketsHomePage})
	acct := env.NewAccount(t, url)
	acct.Client.WaitJob(t, acct.ScanJob)
	return env, acct
}
