package secret

import (
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestStaticKnowsItsKey(t *testing.T) {
	s := Static("k")
	if k, err := s.Key(); k != "k" || err != nil {
		t.Fatalf("Key() = %q, %v", k, err)
	}
	mac := hmac.New(sha256.New, []byte("k"))
	mac.Write([]byte("purpose"))
	got, err := s.Derive("purpose")
	if err != nil || !hmac.Equal(got, mac.Sum(nil)) {
		t.Fatalf("Derive = %x, %v; want HMAC-SHA256 of the purpose", got, err)
	}
	if other, _ := s.Derive("other"); hmac.Equal(other, got) {
		t.Fatal("two purposes derived the same key")
	}
}

func TestFetchReadsOnceInTheBackground(t *testing.T) {
	var reads atomic.Int32
	release := make(chan struct{})
	s := Fetch(func() (string, error) {
		reads.Add(1)
		<-release
		return "fetched", nil
	})
	// Fetch returned while the read is still running.
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if k, err := s.Key(); k != "fetched" || err != nil {
				t.Errorf("Key() = %q, %v", k, err)
			}
		}()
	}
	time.Sleep(10 * time.Millisecond)
	close(release)
	wg.Wait()
	if _, err := s.Derive("p"); err != nil {
		t.Fatal(err)
	}
	if n := reads.Load(); n != 1 {
		t.Fatalf("%d reads, want 1", n)
	}
}

func TestFetchTriesAgainAfterAFailure(t *testing.T) {
	var reads atomic.Int32
	s := Fetch(func() (string, error) {
		if reads.Add(1) == 1 {
			return "", errors.New("throttled")
		}
		return "second", nil
	})
	if _, err := s.Key(); err == nil {
		t.Fatal("the failed read's error was not returned")
	}
	if _, err := s.Derive("p"); err != nil {
		t.Fatalf("the next call did not read again: %v", err)
	}
	if k, _ := s.Key(); k != "second" {
		t.Fatalf("Key() = %q", k)
	}
	if n := reads.Load(); n != 2 {
		t.Fatalf("%d reads, want 2", n)
	}
}
