// Package audit29k audits account deletion and erasure end to end,
// black-box over HTTP against a dev stack (and DynamoDB Local, read
// directly to prove what the erase leaves): an account with everything
// (several sites, a Studio site, published articles read with a site key,
// keywords, research, forum work, webhooks, OAuth apps, a paid
// subscription) is deleted from the dashboard, and what README "Owner
// dashboard" → "Deleting the account" promises is checked: what is
// refused at once, what work still running does, what the erase removes,
// and that the same email and site can sign up again.
package audit29k
