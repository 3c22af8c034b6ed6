// Package audit27k pins defects found in the mails the service sends to a
// person (claim and sign-in links, credential notices, webhook health
// notices, the account deletion notice): each test triggers a mail
// black-box against a dev stack, reads it from the dev outbox as the owner
// would, and checks it against the spec or README sentence it quotes.
package audit27k
