package bench

import (
	"sort"
	"time"

	"rvcontent/shared/platform/dynamo"
)

// median returns the median of xs (0 when empty).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}

// ms returns d in milliseconds.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// sample is one measured request: how long it took, the DynamoDB calls
// that started while it ran and how many of them ran one after another.
type sample struct {
	took   time.Duration
	calls  int
	rounds int
}

// spansWithin returns the spans that started between start and end.
func spansWithin(spans []dynamo.Span, start, end time.Time) []dynamo.Span {
	var out []dynamo.Span
	for _, s := range spans {
		if !s.Start.Before(start) && !s.Start.After(end) {
			out = append(out, s)
		}
	}
	return out
}

// summary is one row's measurements of one repetition: the p50 latency and
// the median calls and round trips per request.
type summary struct {
	p50, calls, rounds float64
}

func summarize(samples []sample) summary {
	var took, calls, rounds []float64
	for _, s := range samples {
		took = append(took, ms(s.took))
		calls = append(calls, float64(s.calls))
		rounds = append(rounds, float64(s.rounds))
	}
	return summary{p50: median(took), calls: median(calls), rounds: median(rounds)}
}
