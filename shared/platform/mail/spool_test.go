package mail_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/mail"
	"rvcontent/test/dynamotest"
)

// flakyInbox is a Sender that keeps what it is given and fails while down.
type flakyInbox struct {
	mu   sync.Mutex
	down bool
	sent []mail.Message
}

func (b *flakyInbox) Send(_ context.Context, m mail.Message) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.down {
		return errors.New("mail service unavailable")
	}
	b.sent = append(b.sent, m)
	return nil
}

func (b *flakyInbox) setDown(down bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.down = down
}

func (b *flakyInbox) texts() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for _, m := range b.sent {
		out = append(out, m.Text)
	}
	return out
}

type spoolRig struct {
	table *dynamo.Table
	clock *clock.Fixed
	inbox *flakyInbox
	spool *mail.Spool
	// fresh counts the links the renderer had to issue anew.
	fresh int
	// obsolete makes the renderer answer ErrObsolete.
	obsolete bool
	note     mail.Template
	sweeper  *mail.Sweeper
}

const noteKind = "test.note"

func newSpoolRig(t *testing.T) *spoolRig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	r := &spoolRig{table: dynamotest.Table(t), clock: &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}, inbox: &flakyInbox{}}
	r.spool = &mail.Spool{Table: r.table, Clock: r.clock, Sender: r.inbox}
	r.note = mail.Template{Render: func(_ context.Context, m mail.Pending) (mail.Message, error) {
		if r.obsolete {
			return mail.Message{}, mail.ErrObsolete
		}
		link, ok := m.Secret("link")
		if !ok {
			r.fresh++
			link = "https://svc.example/fresh"
		}
		return mail.Message{To: m.Param("to"), Subject: "Note", Text: m.Param("text") + " " + link}, nil
	}}
	r.sweeper = &mail.Sweeper{Spool: r.spool, Templates: map[string]mail.Template{noteKind: r.note}}
	return r
}

// add commits a change that owes a mail, as a feature does.
func (r *spoolRig) add(t *testing.T, text string) {
	t.Helper()
	tx := &dynamo.Tx{}
	tx.Put("change", map[string]string{"pk": "CHANGE#" + text, "sk": "CHANGE"}, "", nil)
	r.spool.Add(tx, mail.Mail{
		Kind: noteKind, AccountID: "acct-1",
		Params:   map[string]string{"to": "owner@example.com", "text": text},
		Secrets:  map[string]string{"link": "https://svc.example/secret-token-123"},
		Template: r.note,
	})
	if err := r.table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
}

func (r *spoolRig) sweep(t *testing.T) mail.SweepResult {
	t.Helper()
	res, err := r.sweeper.Sweep(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestSentRightAfterTheCommitAndRemoved(t *testing.T) {
	r := newSpoolRig(t)
	r.add(t, "hello")
	if got := r.inbox.texts(); len(got) != 1 || got[0] != "hello https://svc.example/secret-token-123" {
		t.Fatalf("sent %q", got)
	}
	r.clock.T = r.clock.T.Add(time.Hour)
	if res := r.sweep(t); res != (mail.SweepResult{}) {
		t.Fatalf("sweep after a sent mail = %+v, want nothing to do", res)
	}
	if n := len(r.inbox.texts()); n != 1 {
		t.Fatalf("%d mails, want 1", n)
	}
}

// A mail whose send failed right after the commit waits SweepAge, then the
// sweep sends it, with a fresh link because the first one was never stored.
func TestTheSweepSendsWhatTheCommitCouldNot(t *testing.T) {
	r := newSpoolRig(t)
	r.inbox.setDown(true)
	r.add(t, "hello")
	r.inbox.setDown(false)
	if res := r.sweep(t); res != (mail.SweepResult{}) {
		t.Fatalf("sweep before SweepAge = %+v, want nothing", res)
	}
	r.clock.T = r.clock.T.Add(mail.SweepAge + time.Second)
	if res := r.sweep(t); res.Sent != 1 {
		t.Fatalf("sweep = %+v, want 1 sent", res)
	}
	if got := r.inbox.texts(); len(got) != 1 || got[0] != "hello https://svc.example/fresh" || r.fresh != 1 {
		t.Fatalf("sent %q (fresh links %d)", got, r.fresh)
	}
	if res := r.sweep(t); res != (mail.SweepResult{}) {
		t.Fatalf("second sweep = %+v, want nothing", res)
	}
}

// A failing send is tried again after a pause, not on every sweep, and the
// mail is given up after GiveUpAfter.
func TestRetriesWithPausesThenGivesUp(t *testing.T) {
	r := newSpoolRig(t)
	r.inbox.setDown(true)
	r.add(t, "hello")
	r.clock.T = r.clock.T.Add(mail.SweepAge + time.Second)
	if res := r.sweep(t); res.Failed != 1 {
		t.Fatalf("first try = %+v", res)
	}
	if res := r.sweep(t); res != (mail.SweepResult{}) {
		t.Fatalf("sweep inside the pause = %+v, want nothing", res)
	}
	r.clock.T = r.clock.T.Add(2 * time.Minute)
	if res := r.sweep(t); res.Failed != 1 {
		t.Fatalf("second try = %+v", res)
	}
	r.clock.T = r.clock.T.Add(mail.GiveUpAfter)
	if res := r.sweep(t); res.Dropped != 1 {
		t.Fatalf("sweep after GiveUpAfter = %+v, want 1 dropped", res)
	}
	r.inbox.setDown(false)
	r.clock.T = r.clock.T.Add(time.Hour)
	if res := r.sweep(t); res != (mail.SweepResult{}) || len(r.inbox.texts()) != 0 {
		t.Fatalf("after the give-up: %+v, sent %q", res, r.inbox.texts())
	}
}

// Sweeps running at once send each mail once.
func TestConcurrentSweepsSendOnce(t *testing.T) {
	r := newSpoolRig(t)
	r.inbox.setDown(true)
	for _, s := range []string{"a", "b", "c", "d", "e"} {
		r.add(t, s)
	}
	r.inbox.setDown(false)
	r.clock.T = r.clock.T.Add(mail.SweepAge + time.Second)
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := r.sweeper.Sweep(context.Background()); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if got := r.inbox.texts(); len(got) != 5 {
		t.Fatalf("sent %d mails, want 5: %q", len(got), got)
	}
}

// A renderer that finds the mail obsolete drops it without sending.
func TestObsoleteMailIsDropped(t *testing.T) {
	r := newSpoolRig(t)
	r.inbox.setDown(true)
	r.add(t, "hello")
	r.inbox.setDown(false)
	r.obsolete = true
	r.clock.T = r.clock.T.Add(mail.SweepAge + time.Second)
	if res := r.sweep(t); res.Dropped != 1 || len(r.inbox.texts()) != 0 {
		t.Fatalf("sweep = %+v, sent %q", res, r.inbox.texts())
	}
}

// A mail whose change did not commit is neither sent nor stored.
func TestNoMailWithoutItsChange(t *testing.T) {
	r := newSpoolRig(t)
	tx := &dynamo.Tx{}
	tx.PutNew("change", map[string]string{"pk": "CHANGE#dup", "sk": "CHANGE"})
	if err := r.table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	tx = &dynamo.Tx{}
	tx.PutNew("change", map[string]string{"pk": "CHANGE#dup", "sk": "CHANGE"})
	r.spool.Add(tx, mail.Mail{Kind: noteKind, Params: map[string]string{"to": "owner@example.com", "text": "x"}})
	if err := r.table.Commit(context.Background(), tx, nil); err == nil {
		t.Fatal("the conflicting change committed")
	}
	r.clock.T = r.clock.T.Add(time.Hour)
	if res := r.sweep(t); res != (mail.SweepResult{}) || len(r.inbox.texts()) != 0 {
		t.Fatalf("sweep = %+v, sent %q", res, r.inbox.texts())
	}
}

// A secret put in a parameter by mistake is stored redacted.
func TestSecretsNeverReachTheTable(t *testing.T) {
	r := newSpoolRig(t)
	r.inbox.setDown(true)
	tx := &dynamo.Tx{}
	r.spool.Add(tx, mail.Mail{
		Kind:    noteKind,
		Params:  map[string]string{"to": "owner@example.com", "text": "token rv_agent_0123456789abcdef"},
		Secrets: map[string]string{"key": "rv_agent_0123456789abcdef"},
	})
	if err := r.table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	r.inbox.setDown(false)
	r.clock.T = r.clock.T.Add(mail.SweepAge + time.Second)
	r.sweep(t)
	got := r.inbox.texts()
	if len(got) != 1 || strings.Contains(got[0], "rv_agent_") || !strings.Contains(got[0], "[redacted]") {
		t.Fatalf("sent %q", got)
	}
}
