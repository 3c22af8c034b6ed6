//go:build !linux

package devstack

import (
	"context"
	"os"
	"time"
)

// ParentEnding never receives outside Linux: the dev stack stops on its
// own signals only.
func ParentEnding(context.Context, time.Duration) <-chan os.Signal {
	return make(chan os.Signal)
}
