package dynamo

import (
	"errors"
	"fmt"
	"testing"
)

func TestFailedOn(t *testing.T) {
	err := fmt.Errorf("commit: %w", &CanceledError{Failed: []string{"article", "quota"}})
	if !FailedOn(err, "quota") || !FailedOn(err, "article") {
		t.Fatalf("FailedOn misses a named write of %v", err)
	}
	if FailedOn(err, "site") || FailedOn(errors.New("other"), "quota") || FailedOn(nil, "quota") {
		t.Fatal("FailedOn reports a write that did not fail")
	}
}
