package stripepay_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v82/webhook"

	"rvcontent/shared/dev/stripepaytest"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/payments"
	"rvcontent/shared/platform/stripepay"
)

// FuzzReceive feeds the payments webhook receiver arbitrary bodies and
// Stripe-Signature headers. The header is a template: {F} and {S} stand
// for a fresh and a stale (one hour old) timestamp, {f} and {s} for the
// body's valid signatures at those times, so the fuzzer can recombine real
// signatures. The receiver may accept a webhook only when a v1 signature in
// the header signs the body at a timestamp within the tolerance; it must
// never accept a signature made at a stale time.
func FuzzReceive(f *testing.F) {
	for _, s := range stripepaytest.Samples() {
		body, err := json.Marshal(s.Body)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(body, "t={F},v1={f}")
		f.Add(body, "t={S},v1={s}")
		f.Add(body, "t={F},v1={s},v0={f}")
	}
	f.Add([]byte(`{}`), "")
	f.Add([]byte(`not json`), "t={F},v1={f}")
	now := time.Date(2027, 1, 4, 9, 0, 0, 0, time.UTC)
	fresh, stale := now.Add(-time.Minute), now.Add(-time.Hour)
	rc := &stripepay.Receiver{
		Secret: stripepaytest.Secret, StudioPriceID: stripepaytest.StudioPrice, Clock: &clock.Fixed{T: now},
		Sink: payments.SinkFunc(func(context.Context, payments.Event) error { return nil }),
		Refs: refs{},
	}
	f.Fuzz(func(t *testing.T, body []byte, template string) {
		sig := func(at time.Time) string {
			return hex.EncodeToString(webhook.ComputeSignature(at, body, stripepaytest.Secret))
		}
		header := strings.NewReplacer(
			"{F}", strconv.FormatInt(fresh.Unix(), 10), "{S}", strconv.FormatInt(stale.Unix(), 10),
			"{f}", sig(fresh), "{s}", sig(stale),
		).Replace(template)
		err := rc.Receive(context.Background(), body, header)
		if apperr.Is(err, apperr.BadRequest) {
			return // refused: always allowed
		}
		// Accepted (applied, or failed after the signature verified): some
		// timestamp in the header must be signed, and every signed one
		// must be fresh.
		signed := false
		for _, ts := range headerValues(header, "t") {
			n, perr := strconv.ParseInt(ts, 10, 64)
			if perr != nil {
				continue
			}
			at := time.Unix(n, 0)
			for _, v1 := range headerValues(header, "v1") {
				if v1 != sig(at) {
					continue
				}
				signed = true
				if d := now.Sub(at); d > stripepay.Tolerance || d < -stripepay.Tolerance {
					t.Fatalf("accepted a signature made at %v (now %v): header %q, err %v", at, now, header, err)
				}
			}
		}
		if !signed {
			t.Fatalf("accepted a header with no valid signature: %q (err %v)", header, err)
		}
	})
}

// headerValues returns the values of key in a Stripe-Signature header.
func headerValues(header, key string) []string {
	var out []string
	for _, part := range strings.Split(header, ",") {
		if k, v, ok := strings.Cut(part, "="); ok && k == key {
			out = append(out, v)
		}
	}
	return out
}

// refs finds every reference's account: the samples' account.
type refs struct{}

func (refs) AccountOf(context.Context, string) (string, error) { return stripepaytest.Account, nil }
