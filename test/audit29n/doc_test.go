// Package audit29n audits spec 3's transition table row by row over HTTP
// against a dev stack: each row's object driven into its "from" state, the
// row's trigger, then its next state and every effect the row lists
// (events of spec 6 with their data, charges and credits), and the same
// trigger from states the row does not list.
package audit29n
