package credits_test

import (
	"context"
	"slices"
	"testing"

	"rvcontent/shared/feature/credits"
	"rvcontent/shared/platform/dynamo"
)

// A withdrawal takes at most the balance, never below zero, and reports
// credits.exhausted at zero; a deposit adds to the current balance.
func TestWithdrawAndDeposit(t *testing.T) {
	r := newRig(t, credits.Allowance{BacklinkCredits: 2})
	ctx := context.Background()
	withdraw := func(n int) int {
		tx := &dynamo.Tx{}
		took, err := r.svc.WithdrawIn(ctx, tx, r.account, r.site, credits.BacklinkCredits, n)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.table.Commit(ctx, tx, nil); err != nil {
			t.Fatal(err)
		}
		return took
	}
	if took := withdraw(1); took != 1 || r.balance(t, credits.BacklinkCredits) != 1 {
		t.Fatalf("took %d, balance %d", took, r.balance(t, credits.BacklinkCredits))
	}
	if took := withdraw(3); took != 1 || r.balance(t, credits.BacklinkCredits) != 0 {
		t.Fatalf("took %d of 1, balance %d", took, r.balance(t, credits.BacklinkCredits))
	}
	if took := withdraw(1); took != 0 {
		t.Fatalf("took %d from an empty balance", took)
	}
	if ev := r.events(t); !slices.Contains(ev, "credits.exhausted:backlink_credits") {
		t.Fatalf("events %v", ev)
	}
	tx := &dynamo.Tx{}
	r.svc.DepositIn(tx, r.account, r.site, credits.BacklinkCredits, 3)
	if err := r.table.Commit(ctx, tx, nil); err != nil {
		t.Fatal(err)
	}
	if b := r.balance(t, credits.BacklinkCredits); b != 3 {
		t.Fatalf("balance after a deposit of 3: %d", b)
	}
}

// A withdrawal whose balance changed after it was read fails on "credits".
func TestWithdrawLosesARace(t *testing.T) {
	r := newRig(t, credits.Allowance{BacklinkCredits: 5})
	ctx := context.Background()
	tx := &dynamo.Tx{}
	if _, err := r.svc.WithdrawIn(ctx, tx, r.account, r.site, credits.BacklinkCredits, 2); err != nil {
		t.Fatal(err)
	}
	if err := r.spend(credits.BacklinkCredits); err != nil {
		t.Fatal(err)
	}
	if err := r.table.Commit(ctx, tx, nil); !dynamo.LostRace(err, "credits") {
		t.Fatalf("commit after a concurrent spend: %v", err)
	}
}
