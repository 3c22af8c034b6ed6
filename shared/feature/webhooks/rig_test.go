package webhooks_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/dev/mailbox"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/webhooks"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/secret"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/egress"
	"rvcontent/shared/platform/mail"
	"rvcontent/test/dynamotest"
)

// rig is a webhooks service on a fresh table with fakes around it.
type rig struct {
	svc    *webhooks.Service
	table  *dynamo.Table
	clock  *clock.Fixed
	queue  *fakeQueue
	poster *fakePoster
	mailer *mailbox.Memory
	acct   string
	ctx    context.Context // as the account's agent key
}

func newRig(t *testing.T) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	r := &rig{
		table: dynamotest.Table(t), clock: &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)},
		queue: &fakeQueue{}, poster: &fakePoster{status: 200}, mailer: &mailbox.Memory{}, acct: ids.New(),
	}
	r.svc = &webhooks.Service{
		Table: r.table, Clock: r.clock, Events: &eventlog.Writer{Clock: r.clock}, Queue: r.queue,
		Client: r.poster, Keys: webhooks.NewKeyring(secret.Static(strings.Repeat("s", 32))),
		Mail: &mail.Spool{Table: r.table, Clock: r.clock, Sender: r.mailer}, Owners: owners{}, DashboardURL: "https://app.example.com",
	}
	for _, sk := range []string{dynamo.AccountSK, dynamo.CredentialSK("key-1")} { // the account and the caller's key
		if err := r.table.Put(context.Background(), map[string]string{"pk": dynamo.AccountPK(r.acct), "sk": sk}); err != nil {
			t.Fatal(err)
		}
	}
	r.ctx = auth.With(context.Background(), auth.Principal{
		AccountID: r.acct, CredentialID: "key-1", Actor: auth.Actor{Type: auth.ActorAgent, ID: "key-1", Name: "Agent"},
	})
	return r
}

// endpoint creates an endpoint subscribed to events.
func (r *rig) endpoint(t *testing.T, events ...string) webhooks.Endpoint {
	t.Helper()
	ep, err := r.svc.Create(r.ctx, webhooks.NewInput{URL: "https://hooks.example.com/" + ids.New(), Events: events})
	if err != nil {
		t.Fatal(err)
	}
	return ep
}

// event commits an event of type typ through the outbox and returns the
// fan-out message that starts its fan-out.
func (r *rig) event(t *testing.T, typ string) eventlog.FanoutMessage {
	t.Helper()
	tx := &dynamo.Tx{}
	ev := (&eventlog.Writer{Clock: r.clock}).Emit(tx, r.acct, "", typ, json.RawMessage(`{"n":1}`))
	if err := r.table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	at, err := clock.Parse(ev.CreatedAt)
	if err != nil {
		t.Fatal(err)
	}
	return eventlog.FanoutMessage{Type: "fanout", Ref: eventlog.Ref{AccountID: r.acct, SK: dynamo.TimeKey(clock.SortKey(at), ev.ID)}, Event: &ev}
}

// fanout runs the fan-out of m, as the deliveries queue would.
func (r *rig) fanout(t *testing.T, m eventlog.FanoutMessage) {
	t.Helper()
	f := &eventlog.Fanout{Store: &eventlog.Store{Table: r.table, Clock: r.clock}, Consumer: webhooks.Consumer{Service: r.svc}}
	if err := f.Run(context.Background(), m); err != nil {
		t.Fatal(err)
	}
}

// deliver hands every queued message whose delay has passed to the
// service, as the deliveries queue would, and returns how many it handed.
func (r *rig) deliver(t *testing.T) int {
	t.Helper()
	n := 0
	for _, m := range r.queue.take() {
		handled, err := r.svc.Handle(context.Background(), events.SQSMessage{MessageId: ids.New(), Body: m.Body})
		if !handled || err != nil {
			t.Fatalf("message %s: handled %v, err %v", m.Body, handled, err)
		}
		n++
	}
	return n
}

type sent struct {
	Body  string
	Delay time.Duration
}

// fakeQueue keeps sent messages.
type fakeQueue struct {
	mu   sync.Mutex
	msgs []sent
}

func (q *fakeQueue) Send(_ context.Context, body []byte, delay time.Duration) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.msgs = append(q.msgs, sent{Body: string(body), Delay: delay})
	return nil
}

// take removes and returns every message.
func (q *fakeQueue) take() []sent {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := q.msgs
	q.msgs = nil
	return out
}

// fakePoster answers every request with status and records it.
// A set gate holds every request until it is closed; crash makes the
// sender die (panic) instead of answering.
type fakePoster struct {
	mu     sync.Mutex
	status int
	reqs   []egress.Request
	gate   chan struct{}
	crash  bool
}

func (p *fakePoster) Do(_ context.Context, req egress.Request) (*egress.Response, error) {
	p.mu.Lock()
	p.reqs = append(p.reqs, req)
	status, gate, crash := p.status, p.gate, p.crash
	p.mu.Unlock()
	if gate != nil {
		<-gate
	}
	if crash {
		panic("the function died during the request")
	}
	return &egress.Response{StatusCode: status}, nil
}

func (p *fakePoster) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.reqs)
}

// subjects returns the subjects of the mails box was sent, oldest first.
func subjects(box *mailbox.Memory) []string {
	var out []string
	for _, s := range box.Sent() {
		out = append(out, s.Subject)
	}
	return out
}

type owners struct{}

func (owners) OwnerEmail(context.Context, string) (string, error) { return "owner@example.com", nil }
