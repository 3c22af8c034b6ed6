package idempotency_test

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/idempotency"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
)

func newStore(t *testing.T) (*idempotency.Store, *clock.Fixed) {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	c := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	return &idempotency.Store{Table: dynamotest.Table(t), Clock: c}, c
}

func begin(t *testing.T, s *idempotency.Store, scope, key, hash string) (*idempotency.Claim, *idempotency.Response, error) {
	t.Helper()
	return s.Begin(context.Background(), scope, key, hash)
}

var okResponse = idempotency.Response{Status: 201, ContentType: "application/json", Body: []byte(`{"agent_key":{"key":"rv_agent_secret"}}`)}

func TestBeginCompleteReplay(t *testing.T) {
	s, _ := newStore(t)
	scope := ids.New()
	c, stored, err := begin(t, s, scope, "k1", "h1")
	if err != nil || c == nil || stored != nil {
		t.Fatalf("first Begin = %v, %v, %v; want a claim", c, stored, err)
	}
	if err := c.Complete(context.Background(), okResponse); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		scope   string
		key     string
		hash    string
		replay  bool
		wantErr error
	}{
		{"same key and body replays", scope, "k1", "h1", true, nil},
		{"same key, other body conflicts", scope, "k1", "h2", false, idempotency.ErrKeyReused},
		{"other key runs", scope, "k2", "h1", false, nil},
		{"same key in another scope runs", ids.New(), "k1", "h1", false, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, stored, err := begin(t, s, tc.scope, tc.key, tc.hash)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if tc.replay {
				if stored == nil || c != nil || stored.Status != 201 || stored.ContentType != "application/json" || !bytes.Equal(stored.Body, okResponse.Body) {
					t.Fatalf("replay = %+v, claim %v; want the stored response", stored, c)
				}
				return
			}
			if tc.wantErr == nil && (c == nil || stored != nil) {
				t.Fatalf("Begin = %v, %v; want a fresh claim", c, stored)
			}
		})
	}
}

func TestSecondRequestWhileFirstRunsConflicts(t *testing.T) {
	s, _ := newStore(t)
	scope := ids.New()
	if _, _, err := begin(t, s, scope, "k", "h"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := begin(t, s, scope, "k", "h"); !errors.Is(err, idempotency.ErrInProgress) {
		t.Fatalf("second Begin = %v, want ErrInProgress", err)
	}
}

func TestLeaseTakeover(t *testing.T) {
	s, clk := newStore(t)
	scope := ids.New()
	first, _, err := begin(t, s, scope, "k", "h")
	if err != nil {
		t.Fatal(err)
	}
	clk.Add(idempotency.Lease + time.Second)
	second, _, err := begin(t, s, scope, "k", "h")
	if err != nil || second == nil {
		t.Fatalf("Begin after the lease = %v, %v; want a takeover", second, err)
	}
	if _, _, err := begin(t, s, scope, "k", "h"); !errors.Is(err, idempotency.ErrInProgress) {
		t.Fatalf("third Begin = %v, want ErrInProgress under the new lease", err)
	}
	// The first request, back from the dead, can no longer store its answer.
	if err := first.Complete(context.Background(), idempotency.Response{Status: 200, Body: []byte(`"first"`)}); err != nil {
		t.Fatal(err)
	}
	if err := second.Complete(context.Background(), idempotency.Response{Status: 200, ContentType: "application/json", Body: []byte(`"second"`)}); err != nil {
		t.Fatal(err)
	}
	_, stored, err := begin(t, s, scope, "k", "h")
	if err != nil || stored == nil || string(stored.Body) != `"second"` {
		t.Fatalf("replay = %+v, %v; want the taking-over request's response", stored, err)
	}
}

// TestRequestSurvivesATakeover: the request a claim runs is the same for
// the retry that takes it over after a crash (its pushes are read back, not
// made twice), and another once the key was released.
func TestRequestSurvivesATakeover(t *testing.T) {
	s, clk := newStore(t)
	scope := ids.New()
	first, _, err := begin(t, s, scope, "k", "h")
	if err != nil {
		t.Fatal(err)
	}
	clk.Add(idempotency.Lease + time.Second)
	second, _, err := begin(t, s, scope, "k", "h")
	if err != nil || second == nil {
		t.Fatalf("Begin after the lease = %v, %v; want a takeover", second, err)
	}
	if first.Request() != second.Request() {
		t.Fatal("the claim taken over runs another request")
	}
	other, _, err := begin(t, s, scope, "other key", "h")
	if err != nil || other.Request() == second.Request() {
		t.Fatalf("another key's claim = %v, %v; want another request", other, err)
	}
	if err := second.Release(context.Background()); err != nil {
		t.Fatal(err)
	}
	clk.Add(time.Second)
	again, _, err := begin(t, s, scope, "k", "h")
	if err != nil || again == nil || again.Request() == second.Request() {
		t.Fatalf("Begin after Release = %v, %v; want a new request", again, err)
	}
}

func TestReleaseLetsRetryRun(t *testing.T) {
	s, _ := newStore(t)
	scope := ids.New()
	c, _, err := begin(t, s, scope, "k", "h")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Release(context.Background()); err != nil {
		t.Fatal(err)
	}
	again, stored, err := begin(t, s, scope, "k", "h2")
	if err != nil || again == nil || stored != nil {
		t.Fatalf("Begin after Release = %v, %v, %v; want a fresh claim (even with another body)", again, stored, err)
	}
}

func TestReplayWindowEnds(t *testing.T) {
	s, clk := newStore(t)
	scope := ids.New()
	c, _, _ := begin(t, s, scope, "k", "h")
	if err := c.Complete(context.Background(), okResponse); err != nil {
		t.Fatal(err)
	}
	clk.Add(idempotency.Window - time.Minute)
	if _, stored, err := begin(t, s, scope, "k", "h"); err != nil || stored == nil {
		t.Fatalf("within 24 h: %v, %v; want a replay", stored, err)
	}
	clk.Add(2 * time.Minute)
	c2, stored, err := begin(t, s, scope, "k", "other body")
	if err != nil || c2 == nil || stored != nil {
		t.Fatalf("after 24 h: %v, %v, %v; want the key free again", c2, stored, err)
	}
}

func TestResponseCommitsWithEffect(t *testing.T) {
	s, _ := newStore(t)
	scope := ids.New()
	c, _, err := begin(t, s, scope, "k", "h")
	if err != nil {
		t.Fatal(err)
	}
	c.SetRenderer(func(result any) (idempotency.Response, bool) {
		v, ok := result.(string)
		if !ok {
			return idempotency.Response{}, false
		}
		return idempotency.Response{Status: 201, ContentType: "application/json", Body: []byte(`{"made":"` + v + `"}`)}, true
	})
	ctx := idempotency.WithClaim(context.Background(), c)
	if idempotency.FromContext(ctx) != c {
		t.Fatal("FromContext does not return the claim")
	}
	tx := &dynamo.Tx{}
	tx.PutNew("thing", map[string]string{"pk": "THING#" + scope, "sk": "THING"})
	if err := s.Table.Commit(ctx, tx, "widget"); err != nil {
		t.Fatal(err)
	}
	if !c.Done() {
		t.Fatal("claim not done after its transaction committed")
	}
	// Completing again (the middleware does) keeps the transaction's answer.
	if err := c.Complete(context.Background(), idempotency.Response{Status: 500, Body: []byte("late")}); err != nil {
		t.Fatal(err)
	}
	_, stored, err := begin(t, s, scope, "k", "h")
	if err != nil || stored == nil || stored.Status != 201 || string(stored.Body) != `{"made":"widget"}` {
		t.Fatalf("replay = %+v, %v; want the response stored with the effect", stored, err)
	}
}

func TestFailedEffectLeavesKeyRunning(t *testing.T) {
	s, _ := newStore(t)
	scope := ids.New()
	c, _, _ := begin(t, s, scope, "k", "h")
	c.SetRenderer(func(any) (idempotency.Response, bool) {
		return idempotency.Response{Status: 201, Body: []byte("x")}, true
	})
	ctx := idempotency.WithClaim(context.Background(), c)
	pk := "THING#" + scope
	if err := s.Table.PutNew(context.Background(), map[string]string{"pk": pk, "sk": "THING"}); err != nil {
		t.Fatal(err)
	}
	tx := &dynamo.Tx{}
	tx.PutNew("thing", map[string]string{"pk": pk, "sk": "THING"})
	var ce *dynamo.CanceledError
	if err := s.Table.Commit(ctx, tx, "r"); !errors.As(err, &ce) || !ce.Has("thing") || ce.Has("idempotency") {
		t.Fatalf("Commit = %v, want the effect's condition to fail alone", err)
	}
	if c.Done() {
		t.Fatal("claim done although its transaction failed")
	}
	if err := c.Release(context.Background()); err != nil {
		t.Fatal(err)
	}
	if again, _, err := begin(t, s, scope, "k", "h"); err != nil || again == nil {
		t.Fatalf("Begin after a failed effect and release = %v, %v", again, err)
	}
}

func TestStoredResponseIsSealed(t *testing.T) {
	s, _ := newStore(t)
	scope := ids.New()
	c, _, _ := begin(t, s, scope, "my-key", "h")
	if err := c.Complete(context.Background(), okResponse); err != nil {
		t.Fatal(err)
	}
	in, err := dynamo.Partition(dynamo.IdempotencyPK(scope)).Input()
	if err != nil {
		t.Fatal(err)
	}
	rows, _, err := s.Table.Query(context.Background(), in)
	if err != nil || len(rows) != 1 {
		t.Fatalf("query records: %d items, %v", len(rows), err)
	}
	for name, av := range rows[0] {
		var raw []byte
		switch v := av.(type) {
		case *types.AttributeValueMemberS:
			raw = []byte(v.Value)
		case *types.AttributeValueMemberB:
			raw = v.Value
		}
		if bytes.Contains(raw, []byte("rv_agent_secret")) || bytes.Contains(raw, []byte("my-key")) {
			t.Fatalf("attribute %s holds the response or the key in clear: %q", name, raw)
		}
	}
}
