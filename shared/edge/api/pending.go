package api

import "fmt"

// pending is work a request started beside the rest of its chain (a budget
// count, a plan gate's reads), whose result a later step waits for.
type pending struct {
	done chan struct{}
	err  error
}

// begin runs fn in its own goroutine; a panic becomes its error.
func begin(fn func() error) *pending {
	p := &pending{done: make(chan struct{})}
	go func() {
		defer close(p.done)
		defer func() {
			if r := recover(); r != nil {
				p.err = fmt.Errorf("api: %v", r)
			}
		}()
		p.err = fn()
	}()
	return p
}

// wait waits for the work and returns its error.
func (p *pending) wait() error {
	<-p.done
	return p.err
}
