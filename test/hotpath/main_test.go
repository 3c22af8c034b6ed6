package hotpath

import (
	"io"
	"log/slog"
	"os"
	"testing"
)

// TestMain keeps the stacks' request logs out of the test output.
func TestMain(m *testing.M) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	os.Exit(m.Run())
}
