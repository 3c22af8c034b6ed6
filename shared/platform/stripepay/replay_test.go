package stripepay_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v82/webhook"

	"rvcontent/shared/dev/stripepaytest"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/payments"
	"rvcontent/shared/platform/stripepay"
)

// A webhook signed an hour ago cannot be replayed by putting a fresh
// timestamp in front of its old one: the library verifies the signature
// with the last t, so a header must carry exactly one.
func TestOldSignatureCannotBeReplayedWithAFreshTimestamp(t *testing.T) {
	body, err := json.Marshal(stripepaytest.Samples()[0].Body)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2027, 1, 4, 9, 0, 0, 0, time.UTC)
	old := now.Add(-time.Hour)
	applied := 0
	rc := &stripepay.Receiver{
		Secret: stripepaytest.Secret, StudioPriceID: stripepaytest.StudioPrice, Clock: &clock.Fixed{T: now}, Refs: refs{},
		Sink: payments.SinkFunc(func(context.Context, payments.Event) error { applied++; return nil }),
	}
	sig := "v1=" + hex.EncodeToString(webhook.ComputeSignature(old, body, stripepaytest.Secret))
	for _, header := range []string{
		"t=" + strconv.FormatInt(old.Unix(), 10) + "," + sig,
		"t=" + strconv.FormatInt(now.Unix(), 10) + ",t=" + strconv.FormatInt(old.Unix(), 10) + "," + sig,
	} {
		if err := rc.Receive(context.Background(), body, header); !apperr.Is(err, apperr.BadRequest) {
			t.Errorf("header %q: %v, want bad_request", header, err)
		}
	}
	if applied != 0 {
		t.Fatalf("%d old webhooks applied", applied)
	}
}
