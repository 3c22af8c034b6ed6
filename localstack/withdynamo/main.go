// Command withdynamo runs a command with a DynamoDB Local started for it:
// it fetches DynamoDB Local into the cache if needed, starts it in memory on
// a free port, runs the command with DYNAMODB_ENDPOINT set, stops DynamoDB
// Local and exits with the command's status. `make test` runs the whole test
// suite under it so every package shares one DynamoDB Local.
//
//	go run ./localstack/withdynamo -- go test ./...
//	go run ./localstack/withdynamo -fetch-only
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"rvcontent/shared/dev/devstack"
)

func main() {
	fetchOnly := flag.Bool("fetch-only", false, "only make sure DynamoDB Local is in the cache")
	flag.Parse()
	os.Exit(run(*fetchOnly, flag.Args()))
}

func run(fetchOnly bool, args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cache, err := devstack.CacheDir()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	dir, err := devstack.EnsureDynamoDBLocal(ctx, cache)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if fetchOnly {
		fmt.Println("DynamoDB Local is in " + dir)
		return 0
	}
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: withdynamo -- command [args...]")
		return 2
	}
	d, err := devstack.StartDynamoDBLocal(ctx, dir, "")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer d.Stop()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), "DYNAMODB_ENDPOINT="+d.Endpoint)
	err = cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
