package mail

import (
	"context"
	"sync"
)

// Memory is a Sender that keeps every mail in memory instead of sending
// it, for tests; the zero value is ready to use.
type Memory struct {
	mu   sync.Mutex
	sent []Message
}

var _ Sender = (*Memory)(nil)

// Send keeps m.
func (b *Memory) Send(_ context.Context, m Message) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.sent = append(b.sent, m)
	return nil
}

// Sent returns the mails sent so far, oldest first.
func (b *Memory) Sent() []Message {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]Message(nil), b.sent...)
}

// To returns the mails sent to address so far, oldest first.
func (b *Memory) To(address string) []Message {
	var out []Message
	for _, m := range b.Sent() {
		if m.To == address {
			out = append(out, m)
		}
	}
	return out
}
