package backlinks

import "rvcontent/shared/platform/dynamo"

// Exports for the external tests that need DynamoDB Local (whose helper
// package imports the app, and so this package).
var (
	TakeSlot    = takeSlot
	ReleaseSlot = releaseSlot
	// MonthlyUpdate adds to tx the reservation of target (pk, sk) in month
	// at, as read with cap, month and count.
	MonthlyUpdate = func(tx *dynamo.Tx, pk, sk string, cap, count int, month, at string) {
		tx.Update("target", pk, sk, monthlyUpdate(targetItem{
			PK: pk, SK: sk, Target: Target{MaxNewLinksPerMonth: cap}, Month: month, MonthCount: count,
		}, at))
	}
)
