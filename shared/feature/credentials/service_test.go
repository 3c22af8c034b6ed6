package credentials_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"rvcontent/shared/dev/mailbox"

	"rvcontent/shared/dev/devstack"
	"rvcontent/shared/dev/faults"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/mail"
	"rvcontent/test/dynamotest"
)

type owners struct{}

func (owners) OwnerEmail(context.Context, string) (string, error) { return "owner@example.com", nil }

type rig struct {
	svc     *credentials.Service
	table   *dynamo.Table
	clock   *clock.Fixed
	calls   *dynamo.CallCounter
	inbox   *mailbox.Memory
	faults  *faults.Injector
	account string
}

func newRig(t *testing.T) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	base := dynamotest.Table(t)
	r := &rig{clock: &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}, calls: &dynamo.CallCounter{}, inbox: &mailbox.Memory{}, faults: &faults.Injector{}}
	r.table = &dynamo.Table{Client: devstack.NewDynamoClient(dynamotest.Endpoint(t), r.calls), Name: base.Name, Fault: r.faults}
	r.svc = &credentials.Service{
		Table: r.table, Clock: r.clock, Events: &eventlog.Writer{Clock: r.clock}, Owners: owners{},
		DashboardURL: "https://svc.example/dashboard",
	}
	r.svc.Mail = &mail.Spool{Table: r.table, Clock: r.clock, Sender: r.inbox}
	r.account = ids.New()
	if err := r.table.Put(context.Background(), map[string]any{"pk": dynamo.AccountPK(r.account), "sk": dynamo.AccountSK, credentials.CountAttribute: 0}); err != nil {
		t.Fatal(err)
	}
	return r
}

// as returns a context of a request made with credential id of the rig's
// account.
func (r *rig) as(id string) context.Context {
	return auth.With(context.Background(), auth.Principal{AccountID: r.account, Actor: auth.Actor{Type: auth.ActorAgent, ID: id, Name: "tester"}, CredentialID: id, IP: "192.0.2.1"})
}

func (r *rig) create(t *testing.T, name string) credentials.AgentKey {
	t.Helper()
	k, err := r.svc.Create(r.as("setup"), credentials.NewKeyInput{Name: name})
	if err != nil {
		t.Fatalf("create key: %v", err)
	}
	return k
}

func TestAuthenticateCostsOneRead(t *testing.T) {
	r := newRig(t)
	k := r.create(t, "bot")
	if _, err := r.svc.Authenticate(faults.WithRequest(context.Background()), k.Key, "192.0.2.9"); err != nil {
		t.Fatal(err) // the first use also records last_used_at
	}
	r.calls.Snapshot()
	p, err := r.svc.Authenticate(context.Background(), k.Key, "192.0.2.9")
	if err != nil {
		t.Fatal(err)
	}
	if got := r.calls.Snapshot(); fmt.Sprint(got) != "map[GetItem:1]" {
		t.Fatalf("DynamoDB calls of an authentication = %v, want one GetItem", got)
	}
	want := auth.Principal{AccountID: r.account, Actor: auth.Actor{Type: auth.ActorAgent, ID: k.ID, Name: "bot"}, CredentialID: k.ID, IP: "192.0.2.9"}
	if p != want {
		t.Fatalf("principal = %+v, want %+v", p, want)
	}
}

func TestAuthenticateRefusesEveryBadCredentialAlike(t *testing.T) {
	r := newRig(t)
	k := r.create(t, "bot")
	revoked := r.create(t, "old")
	if _, err := r.svc.Revoke(r.as(k.ID), revoked.ID); err != nil {
		t.Fatal(err)
	}
	unknown, _ := credentials.NewSecret()
	cases := []struct{ name, credential string }{
		{"empty", ""},
		{"malformed", "hello"},
		{"unknown", unknown},
		{"revoked", revoked.Key},
		{"site key", "rv_live_" + k.Key[len("rv_agent_"):]},
		{"uppercase", "RV_AGENT_" + k.Key[len("rv_agent_"):]},
	}
	var first error
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r.calls.Snapshot()
			_, err := r.svc.Authenticate(context.Background(), c.credential, "192.0.2.9")
			if !apperr.Is(err, apperr.Unauthorized) {
				t.Fatalf("Authenticate = %v, want unauthorized", err)
			}
			if first == nil {
				first = err
			} else if err.Error() != first.Error() {
				t.Fatalf("error %q differs from %q", err, first)
			}
			if n := r.calls.Snapshot()["GetItem"]; n > 1 {
				t.Fatalf("%d reads to refuse a credential", n)
			}
		})
	}
}

func TestLastUsedAtWrittenAtMostOncePerMinute(t *testing.T) {
	r := newRig(t)
	k := r.create(t, "bot")
	lastUsed := func() string {
		t.Helper()
		list, _, err := r.svc.List(context.Background(), r.account, 10, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range list {
			if x.ID == k.ID {
				if x.LastUsedAt == nil {
					return ""
				}
				return *x.LastUsedAt
			}
		}
		t.Fatalf("key %s not listed", k.ID)
		return ""
	}
	if got := lastUsed(); got != "" {
		t.Fatalf("new key last_used_at = %q, want null", got)
	}
	steps := []struct {
		name    string
		advance time.Duration
		want    string
		writes  int
	}{
		{"first use", 0, "2026-03-01T12:00:00.000000Z", 1},
		{"again at once", 0, "2026-03-01T12:00:00.000000Z", 0},
		{"59 s later", 59 * time.Second, "2026-03-01T12:00:00.000000Z", 0},
		{"a minute after the first", time.Second, "2026-03-01T12:01:00.000000Z", 1},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			r.clock.Add(s.advance)
			r.calls.Snapshot()
			if _, err := r.svc.Authenticate(faults.WithRequest(context.Background()), k.Key, "192.0.2.9"); err != nil {
				t.Fatal(err)
			}
			if got := r.calls.Snapshot()["TransactWriteItems"]; got != s.writes {
				t.Fatalf("%d writes, want %d", got, s.writes)
			}
			if got := lastUsed(); got != s.want {
				t.Fatalf("last_used_at = %q, want %q", got, s.want)
			}
		})
	}
}

func TestKeyUseDoesNotTakeRequestsInjectedFault(t *testing.T) {
	r := newRig(t)
	k := r.create(t, "bot")
	r.faults.Arm(faults.AfterCommit, 1)
	if _, err := r.svc.Authenticate(faults.WithRequest(context.Background()), k.Key, "192.0.2.9"); err != nil {
		t.Fatal(err)
	}
	// The armed fault is still there for the request's own transaction.
	if err := r.faults.Fail(faults.AfterCommit); !errors.Is(err, faults.ErrInjected) {
		t.Fatalf("fault consumed by the last_used_at write: Fail = %v", err)
	}
}

func TestCreateListRevoke(t *testing.T) {
	r := newRig(t)
	op, contact := "Acme Ops", "https://acme.example/bot"
	k, err := r.svc.Create(r.as("setup"), credentials.NewKeyInput{Name: "writer", Operator: &op, ContactURL: &contact})
	if err != nil {
		t.Fatal(err)
	}
	if !credentials.LooksLikeKey(k.Key) || k.Prefix == nil || *k.Prefix != k.Key[:15]+"…" || k.Type != credentials.TypeKey {
		t.Fatalf("created key = %+v", k)
	}
	if sent := r.inbox.Sent(); len(sent) != 1 || sent[0].To != "owner@example.com" || sent[0].Subject != "New agent access: writer" {
		t.Fatalf("owner mail = %+v", sent)
	}
	second := r.create(t, "second")
	list, next, err := r.svc.List(context.Background(), r.account, 1, "")
	if err != nil || len(list) != 1 || list[0].ID != k.ID || next == "" {
		t.Fatalf("first page = %+v, %q, %v", list, next, err)
	}
	if list[0].Key != "" || list[0].Operator == nil || *list[0].Operator != op {
		t.Fatalf("listed key = %+v, want no secret and its operator", list[0])
	}
	list, next, err = r.svc.List(context.Background(), r.account, 1, next)
	if err != nil || len(list) != 1 || list[0].ID != second.ID || next != "" {
		t.Fatalf("second page = %+v, %q, %v", list, next, err)
	}
	if _, err := r.svc.Revoke(r.as(k.ID), k.ID); err != nil {
		t.Fatalf("revoking the key in use: %v", err)
	}
	if _, err := r.svc.Revoke(r.as(k.ID), k.ID); !errors.Is(err, credentials.ErrNotFound) {
		t.Fatalf("second revoke = %v, want ErrNotFound", err)
	}
	if _, err := r.svc.Authenticate(context.Background(), k.Key, ""); !apperr.Is(err, apperr.Unauthorized) {
		t.Fatalf("revoked key authenticates: %v", err)
	}
	list, _, _ = r.svc.List(context.Background(), r.account, 10, "")
	if len(list) != 1 || list[0].ID != second.ID {
		t.Fatalf("list after revoke = %+v, want only the second key", list)
	}
}

func TestAtMostMaxActive(t *testing.T) {
	r := newRig(t)
	var first credentials.AgentKey
	for i := 0; i < credentials.MaxActive; i++ {
		k := r.create(t, fmt.Sprintf("bot %d", i))
		if i == 0 {
			first = k
		}
	}
	_, err := r.svc.Create(r.as("setup"), credentials.NewKeyInput{Name: "one too many"})
	if !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("key %d = %v, want conflict", credentials.MaxActive+1, err)
	}
	if _, err := r.svc.Revoke(r.as("setup"), first.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := r.svc.Create(r.as("setup"), credentials.NewKeyInput{Name: "replacement"}); err != nil {
		t.Fatalf("create after a revoke = %v", err)
	}
}
