// Package audit27j audits calendar and clock edges black-box over HTTP
// against a dev stack whose service clock the tests move: links that
// expire, and the instants an answer names as their end, checked at
// exactly those instants.
package audit27j
