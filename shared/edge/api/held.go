package api

import (
	"bytes"
	"net/http"
)

// Held is an answer kept in memory until the request decides to send it
// (as written), store it, or throw it away: the answer of a read that ran
// beside the checks that decide whether it may be sent. A Lambda
// function's answer is sent whole anyway, so nothing streams.
type Held struct {
	header http.Header
	status int
	wrote  bool
	body   bytes.Buffer
}

// NewHeld returns an empty held answer (200 until a status is written).
func NewHeld() *Held { return &Held{header: http.Header{}, status: http.StatusOK} }

// Header returns the held answer's headers.
func (h *Held) Header() http.Header { return h.header }

// WriteHeader holds status (the first one written counts).
func (h *Held) WriteHeader(status int) {
	if !h.wrote {
		h.status, h.wrote = status, true
	}
}

// Write holds b as part of the body.
func (h *Held) Write(b []byte) (int, error) {
	h.wrote = true
	return h.body.Write(b)
}

// Send writes the held answer to w, its headers added to those w has.
func (h *Held) Send(w http.ResponseWriter) {
	for k, v := range h.header {
		w.Header()[k] = v
	}
	w.WriteHeader(h.status)
	_, _ = w.Write(h.body.Bytes())
}
