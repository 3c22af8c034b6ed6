package backlinks_test

import (
	"context"
	"testing"

	"rvcontent/shared/feature/backlinks"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
)

// TestSlotsAndMonthlyCap runs the conditional writes that keep an article
// within its link slots and a target within its monthly cap against
// DynamoDB Local.
func TestSlotsAndMonthlyCap(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	table := dynamotest.Table(t)
	ctx := context.Background()
	site, article := ids.New(), ids.New()
	commit := func(build func(tx *dynamo.Tx)) error {
		tx := &dynamo.Tx{}
		build(tx)
		return table.Commit(ctx, tx, nil)
	}
	take := func(domain string) error {
		return commit(func(tx *dynamo.Tx) { backlinks.TakeSlot(tx, site, article, domain, 2) })
	}
	if err := take("a.example"); err != nil {
		t.Fatal(err)
	}
	if err := take("a.example"); !dynamo.LostRace(err, "slot") {
		t.Fatalf("a second link to one domain: %v", err)
	}
	if err := take("b.example"); err != nil {
		t.Fatal(err)
	}
	if err := take("c.example"); !dynamo.LostRace(err, "slot") {
		t.Fatalf("a third link with two slots: %v", err)
	}
	if err := commit(func(tx *dynamo.Tx) { backlinks.ReleaseSlot(tx, site, article) }); err != nil {
		t.Fatal(err)
	}
	if err := take("a.example"); !dynamo.LostRace(err, "slot") {
		t.Fatalf("relinking a domain after its link ended: %v", err)
	}
	if err := take("c.example"); err != nil {
		t.Fatalf("a freed slot: %v", err)
	}

	pk, sk := dynamo.SitePK(site), dynamo.BacklinkTargetSK("t")
	if err := table.Put(ctx, map[string]any{"pk": pk, "sk": sk, "active": true}); err != nil {
		t.Fatal(err)
	}
	var seen struct {
		Month      string `dynamodbav:"month"`
		MonthCount int    `dynamodbav:"month_count"`
		Reserved   int    `dynamodbav:"reserved_total"`
	}
	read := func() {
		if err := table.Get(ctx, pk, sk, &seen); err != nil {
			t.Fatal(err)
		}
	}
	reserve := func(month string) error {
		read()
		return commit(func(tx *dynamo.Tx) {
			backlinks.MonthlyUpdate(tx, pk, sk, 2, seen.MonthCount, seen.Month, month)
		})
	}
	for i := 0; i < 2; i++ {
		if err := reserve("2026-03"); err != nil {
			t.Fatal(err)
		}
	}
	if err := reserve("2026-03"); !dynamo.LostRace(err, "target") {
		t.Fatalf("a third reservation with a cap of 2: %v", err)
	}
	if err := reserve("2026-04"); err != nil {
		t.Fatalf("a new month: %v", err)
	}
	// A reservation that read the month before it changed loses.
	if err := commit(func(tx *dynamo.Tx) { backlinks.MonthlyUpdate(tx, pk, sk, 2, 2, "2026-03", "2026-04") }); !dynamo.LostRace(err, "target") {
		t.Fatalf("a stale read of the month: %v", err)
	}
	read()
	if seen.Month != "2026-04" || seen.MonthCount != 1 || seen.Reserved != 3 {
		t.Fatalf("target counters: %+v", seen)
	}
	// An inactive target takes no reservation.
	if err := table.Put(ctx, map[string]any{"pk": pk, "sk": sk, "active": false}); err != nil {
		t.Fatal(err)
	}
	if err := reserve("2026-05"); !dynamo.LostRace(err, "target") {
		t.Fatalf("a reservation of an inactive target: %v", err)
	}
}
