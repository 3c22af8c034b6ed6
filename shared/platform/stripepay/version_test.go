package stripepay_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"rvcontent/shared/dev/stripepaytest"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/payments"
	"rvcontent/shared/platform/stripepay"
)

// A correctly signed event of another release train's API version (its
// objects are laid out otherwise) is refused with a sentence that names
// the version to set, not as a signature that does not verify; one of the
// same train (another date) is applied.
func TestEventOfAnotherAPIVersionIsRefusedByName(t *testing.T) {
	now := time.Date(2027, 1, 4, 9, 0, 0, 0, time.UTC)
	applied := 0
	rc := &stripepay.Receiver{
		Secret: stripepaytest.Secret, StudioPriceID: stripepaytest.StudioPrice, Clock: &clock.Fixed{T: now}, Refs: refs{},
		Sink: payments.SinkFunc(func(context.Context, payments.Event) error { applied++; return nil }),
	}
	send := func(version string) error {
		ev := stripepaytest.Samples()[0].Body
		ev["api_version"] = version
		body, err := json.Marshal(ev)
		if err != nil {
			t.Fatal(err)
		}
		header := "t=" + strconv.FormatInt(now.Unix(), 10) + ",v1=" + hex.EncodeToString(webhook.ComputeSignature(now, body, stripepaytest.Secret))
		return rc.Receive(context.Background(), body, header)
	}
	for _, v := range []string{"2024-06-20", "2024-09-30.acacia", ""} {
		err := send(v)
		var e *apperr.Error
		if !apperr.Is(err, apperr.BadRequest) || !errors.As(err, &e) || !strings.Contains(e.Message, stripe.APIVersion) || strings.Contains(e.Message, "does not verify") {
			t.Errorf("api_version %q: %v, want bad_request naming %s", v, err, stripe.APIVersion)
		}
	}
	if applied != 0 {
		t.Fatalf("%d events of another version applied", applied)
	}
	_, train, _ := strings.Cut(stripe.APIVersion, ".")
	if err := send("2099-01-01." + train); err != nil || applied != 1 {
		t.Fatalf("an event of the same release train: %v, %d applied", err, applied)
	}
}
