// Package audit27n pins defects found at the edges of the mails the
// service sends to a person (subjects that carry user-given text, the
// revocation notice, links that lead an unclaimed owner to a page): each
// test triggers a mail black-box against a dev stack, reads it from the
// dev outbox as the owner would, and checks it against the spec or README
// sentence it quotes.
package audit27n
