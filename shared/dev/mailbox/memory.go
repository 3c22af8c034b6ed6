package mailbox

import (
	"context"
	"sync"

	"rvcontent/shared/platform/mail"
)

// Memory is a mail.Sender that keeps every mail in memory instead of sending
// it, for tests; the zero value is ready to use.
type Memory struct {
	mu   sync.Mutex
	sent []mail.Message
}

var _ mail.Sender = (*Memory)(nil)

// Send keeps m.
func (b *Memory) Send(_ context.Context, m mail.Message) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.sent = append(b.sent, m)
	return nil
}

// Sent returns the mails sent so far, oldest first.
func (b *Memory) Sent() []mail.Message {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]mail.Message(nil), b.sent...)
}

// To returns the mails sent to address so far, oldest first.
func (b *Memory) To(address string) []mail.Message {
	var out []mail.Message
	for _, m := range b.Sent() {
		if m.To == address {
			out = append(out, m)
		}
	}
	return out
}
