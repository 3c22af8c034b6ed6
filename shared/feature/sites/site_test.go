package sites

import (
	"testing"
	"time"
)

func TestUsable(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	future, past := "2026-03-02T00:00:00.000000Z", "2026-03-01T11:59:59.000000Z"
	cases := []struct {
		status    string
		removesAt *string
		want      bool
	}{
		{StatusActive, nil, true},
		{StatusActive, &future, true},
		{StatusActive, &past, false},
		{StatusPending, nil, false},
		{StatusArchived, nil, false},
	}
	for _, tc := range cases {
		if got := (Site{Status: tc.status, RemovesAt: tc.removesAt}).Usable(now); got != tc.want {
			t.Errorf("status %s, removes_at %v: usable %v, want %v", tc.status, tc.removesAt, got, tc.want)
		}
	}
}
