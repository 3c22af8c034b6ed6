package credits_test

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
)

type rig struct {
	table   *dynamo.Table
	svc     *credits.Service
	account string
	site    string
	start   time.Time
}

func newRig(t *testing.T, a credits.Allowance) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	table := dynamotest.Table(t)
	clk := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	r := &rig{table: table, svc: &credits.Service{Table: table, Events: &eventlog.Writer{Clock: clk}}, account: ids.New(), site: ids.New(), start: clk.T}
	r.reset(t, a)
	return r
}

func (r *rig) reset(t *testing.T, a credits.Allowance) {
	t.Helper()
	tx := &dynamo.Tx{}
	r.svc.Reset(tx, r.account, r.site, a, r.start, r.start.AddDate(0, 1, 0))
	if err := r.table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
}

func (r *rig) balance(t *testing.T, k credits.Kind) int {
	t.Helper()
	c, err := r.svc.Get(context.Background(), r.account, r.site)
	if err != nil {
		t.Fatal(err)
	}
	switch k {
	case credits.Articles:
		return c.Articles.Balance
	case credits.ForumReplies:
		return c.ForumReplies.Balance
	}
	return c.BacklinkCredits.Balance
}

// events returns the types of the account's events, oldest first, with the
// kind of credits.* events.
func (r *rig) events(t *testing.T) []string {
	t.Helper()
	in, err := dynamo.Partition(dynamo.EventsPK(r.account)).Input()
	if err != nil {
		t.Fatal(err)
	}
	rows, _, err := r.table.Query(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	items, err := dynamo.UnmarshalList[eventlog.Item](rows)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, it := range items {
		var d struct{ Kind string }
		_ = json.Unmarshal(it.Data, &d)
		types = append(types, it.Type+":"+d.Kind)
	}
	return types
}

func (r *rig) spend(k credits.Kind) error {
	_, err := r.svc.Spend(context.Background(), credits.SpendRequest{AccountID: r.account, SiteID: r.site, Kind: k, N: 1}, nil)
	return err
}

// Twenty concurrent spends of the last five credits: exactly five succeed,
// the balance ends at zero, the others are insufficient_credits.
func TestConcurrentSpendsNeverOverspend(t *testing.T) {
	r := newRig(t, credits.Allowance{Articles: 5})
	var ok, refused atomic.Int32
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make(chan error, 20)
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			switch err := r.spend(credits.Articles); {
			case err == nil:
				ok.Add(1)
			case apperr.Is(err, apperr.InsufficientCredits):
				refused.Add(1)
			default:
				errs <- err
			}
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("unexpected error: %v", err)
	}
	if ok.Load() != 5 || refused.Load() != 15 {
		t.Fatalf("%d spends succeeded and %d were refused, want 5 and 15", ok.Load(), refused.Load())
	}
	if b := r.balance(t, credits.Articles); b != 0 {
		t.Fatalf("balance = %d, want 0", b)
	}
	var low, exhausted int
	for _, e := range r.events(t) {
		switch e {
		case "credits.low:articles":
			low++
		case "credits.exhausted:articles":
			exhausted++
		}
	}
	if low != 1 || exhausted != 1 {
		t.Fatalf("credits.low %d times and credits.exhausted %d times, want once each", low, exhausted)
	}
}

func TestLowFiresOncePerPeriodAndResetRearms(t *testing.T) {
	r := newRig(t, credits.Allowance{Articles: 5, ForumReplies: 4})
	if err := r.spend(credits.Articles); err != nil { // 5 -> 4
		t.Fatal(err)
	}
	spent, err := r.svc.Spend(context.Background(), credits.SpendRequest{AccountID: r.account, SiteID: r.site, Kind: credits.Articles, N: 1}, nil)
	if err != nil { // 4 -> 3
		t.Fatal(err)
	}
	// A refund back above the mark and a new fall to it do not warn again.
	if err := r.svc.Refund(context.Background(), spent); err != nil {
		t.Fatal(err)
	}
	if b := r.balance(t, credits.Articles); b != 4 {
		t.Fatalf("balance after refund = %d, want 4", b)
	}
	if err := r.spend(credits.Articles); err != nil {
		t.Fatal(err)
	}
	if err := r.spend(credits.ForumReplies); err != nil { // 4 -> 3: its own kind
		t.Fatal(err)
	}
	want := []string{"credits.reset:", "credits.low:articles", "credits.low:forum_replies"}
	if got := r.events(t); !equal(got, want) {
		t.Fatalf("events %v, want %v", got, want)
	}
	r.start = r.start.AddDate(0, 1, 0)
	r.reset(t, credits.Allowance{Articles: 4})
	if err := r.spend(credits.Articles); err != nil {
		t.Fatal(err)
	}
	want = append(want, "credits.reset:", "credits.low:articles")
	if got := r.events(t); !equal(got, want) {
		t.Fatalf("events %v, want %v", got, want)
	}
}

func TestSpendRefusedWithoutBalanceOrGrant(t *testing.T) {
	r := newRig(t, credits.Allowance{Articles: 1})
	if err := r.spend(credits.BacklinkCredits); !apperr.Is(err, apperr.InsufficientCredits) {
		t.Fatalf("spend of an empty kind: %v, want insufficient_credits", err)
	}
	other := *r
	other.site = ids.New()
	if err := other.spend(credits.Articles); !apperr.Is(err, apperr.InsufficientCredits) {
		t.Fatalf("spend on a site without a grant: %v, want insufficient_credits", err)
	}
}

// A refund into a period that has ended is dropped: the new grant replaced
// the balance.
func TestRefundAfterResetIsDropped(t *testing.T) {
	r := newRig(t, credits.Allowance{Articles: 2})
	spent, err := r.svc.Spend(context.Background(), credits.SpendRequest{AccountID: r.account, SiteID: r.site, Kind: credits.Articles, N: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.start = r.start.AddDate(0, 1, 0)
	r.reset(t, credits.Allowance{Articles: 2})
	if err := r.svc.Refund(context.Background(), spent); err != nil {
		t.Fatal(err)
	}
	if b := r.balance(t, credits.Articles); b != 2 {
		t.Fatalf("balance = %d, want 2", b)
	}
}

// Two grants whose periods start in the same second (a trial activated at
// once) are different periods: a refund of the first one's credits made
// after the second grant is dropped, and the balance never shows more than
// the grant.
func TestRefundAfterSameSecondGrantIsDropped(t *testing.T) {
	r := newRig(t, credits.Allowance{Articles: 5})
	spent, err := r.svc.Spend(context.Background(), credits.SpendRequest{AccountID: r.account, SiteID: r.site, Kind: credits.Articles, N: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.reset(t, credits.Allowance{Articles: 30}) // same start
	if err := r.svc.Refund(context.Background(), spent); err != nil {
		t.Fatal(err)
	}
	if b := r.balance(t, credits.Articles); b != 30 {
		t.Fatalf("balance = %d, want the new grant's 30", b)
	}
}

// The effect's writes commit with the spend, and a failing effect spends
// nothing.
func TestSpendCommitsWithEffect(t *testing.T) {
	r := newRig(t, credits.Allowance{Articles: 2})
	marker := struct {
		PK string `dynamodbav:"pk"`
		SK string `dynamodbav:"sk"`
	}{PK: "TEST#" + r.site, SK: "MARK"}
	_, err := r.svc.Spend(context.Background(), credits.SpendRequest{AccountID: r.account, SiteID: r.site, Kind: credits.Articles, N: 1},
		func(tx *dynamo.Tx, _ credits.Spent) (any, error) { tx.PutNew("mark", marker); return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	// The same effect again fails its own condition: nothing is spent.
	_, err = r.svc.Spend(context.Background(), credits.SpendRequest{AccountID: r.account, SiteID: r.site, Kind: credits.Articles, N: 1},
		func(tx *dynamo.Tx, _ credits.Spent) (any, error) { tx.PutNew("mark", marker); return nil, nil })
	if err == nil {
		t.Fatal("second spend with a failing effect succeeded")
	}
	if b := r.balance(t, credits.Articles); b != 1 {
		t.Fatalf("balance = %d, want 1", b)
	}
}

// equal compares two lists of events as multisets: events written in the
// same millisecond have no defined order.
func equal(a, b []string) bool {
	a, b = slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
