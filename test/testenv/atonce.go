package testenv

import "sync"

// AtOnce runs do(i) for i in [0, n) in n goroutines released together, so
// the calls race as concurrent clients' requests do, and returns their
// results in order.
func AtOnce[T any](n int, do func(i int) T) []T {
	out := make([]T, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range out {
		wg.Go(func() {
			<-start
			out[i] = do(i)
		})
	}
	close(start)
	wg.Wait()
	return out
}
