// Command devstack runs the whole service on this machine (make run): see
// README.md, "The dev stack". PORT (default 8080) picks the port and
// DATA_DIR, when set, makes DynamoDB Local persist there. It prints
// "ready: http://127.0.0.1:<PORT>" once it serves, and stops everything it
// started on SIGINT or SIGTERM, when the process that started it ends, or
// when `make run` is ending on a signal sent to make alone.
// Logs go to standard error, so standard output carries only the ready
// line and a caller that reads no further cannot block the stack.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"rvcontent/shared/dev/devstack"
	"rvcontent/shared/kernel/config"
)

func main() {
	os.Exit(run())
}

func run() int {
	cfg, err := config.Dev()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	logToStderr(cfg.LogLevel)
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if !stopWithParent() {
		return 1
	}
	// Watch make's signal handlers from before the stack starts: a
	// signal sent to make as soon as the ready line is out must find the
	// handler it resets already noted (read later, it would be missed).
	ending := devstack.ParentEnding(ctx, 200*time.Millisecond)
	s, err := devstack.Start(ctx, devstack.Options{
		Addr:           "127.0.0.1:" + port,
		DataDir:        os.Getenv("DATA_DIR"),
		DynamoEndpoint: os.Getenv("DYNAMODB_ENDPOINT"),
		Config:         &cfg,
	})
	if err != nil {
		slog.Error("dev stack did not start", "err", err)
		return 1
	}
	fmt.Println("ready: " + s.URL)
	select {
	case <-ctx.Done():
	case sig := <-ending:
		slog.Info("make run is ending", "signal", sig.String())
	}
	slog.Info("stopping")
	s.Close()
	return 0
}

// logToStderr sends the service's JSON log lines to standard error at
// level, read as the functions read LOG_LEVEL.
func logToStderr(level string) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: l})))
}
