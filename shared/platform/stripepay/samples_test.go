package stripepay_test

import (
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/stripe/stripe-go/v82/webhook"

	"rvcontent/shared/dev/stripepaytest"
)

// update rewrites the signed samples in events/:
// go test ./shared/payments/stripepay -run TestSamples -update
var update = flag.Bool("update", false, "rewrite the signed Stripe webhook samples in events/")

// TestSamples checks that every sample in events/ is the generated one and
// verifies with the samples' secret (run with -update to rewrite them).
func TestSamples(t *testing.T) {
	for _, s := range stripepaytest.Samples() {
		body, err := json.Marshal(s.Body)
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			out, err := json.MarshalIndent(stripepaytest.Request(body, s.At), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(stripepaytest.Path(s.File), append(out, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		req := stripepaytest.Load(t, s.File)
		if req.Body != string(body) {
			t.Fatalf("%s is out of date: run go test ./shared/payments/stripepay -run TestSamples -update", s.File)
		}
		if _, err := webhook.ConstructEventIgnoringTolerance([]byte(req.Body), req.Headers["stripe-signature"], stripepaytest.Secret); err != nil {
			t.Fatalf("%s: signature does not verify: %v", s.File, err)
		}
	}
}
