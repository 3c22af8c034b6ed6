// Package lambdainvoke runs another function of this service through the
// Lambda Invoke API, with the API Gateway event API Gateway would have
// sent it: how the MCP server and the dashboard run each endpoint in the
// endpoint's own function.
//
// It calls the one operation it needs (POST
// /2015-03-31/functions/{name}/invocations) through awsenv.Caller rather
// than the SDK's Lambda client, whose generated code would add half a
// megabyte to the functions that invoke.
package lambdainvoke

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/platform/awsenv"
)

// Invoker invokes the functions of endpoint groups by name.
type Invoker struct {
	API *awsenv.Caller
	// Functions are the function names by group name.
	Functions map[string]string
}

// EnvPrefix starts the variables that name each group's function:
// GROUP_FUNCTION_<GROUP> (the group in capitals, "-" as "_").
const EnvPrefix = "GROUP_FUNCTION_"

// EnvName returns the variable that names group's function.
func EnvName(group string) string {
	return EnvPrefix + strings.ToUpper(strings.ReplaceAll(group, "-", "_"))
}

// FromEnv returns the invoker of cfg's account for groups, whose function
// names the environment gives (EnvName). It fails when one is missing.
func FromEnv(cfg aws.Config, groups []string) (*Invoker, error) {
	fns := map[string]string{}
	for _, g := range groups {
		name := os.Getenv(EnvName(g))
		if name == "" {
			return nil, fmt.Errorf("lambdainvoke: %s is not set", EnvName(g))
		}
		fns[g] = name
	}
	return &Invoker{API: awsenv.NewCaller(cfg, awsenv.Lambda, "lambda", "lambda"), Functions: fns}, nil
}

// throttleTries bounds the attempts of an invocation Lambda throttles
// (429: the function did not run).
const throttleTries = 3

// Invoke runs group's function with ev and returns its answer. A
// function error (the function crashed or timed out) is an error.
func (i *Invoker) Invoke(ctx context.Context, group string, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	var out events.APIGatewayV2HTTPResponse
	name, ok := i.Functions[group]
	if !ok {
		return out, fmt.Errorf("lambdainvoke: no function for group %s", group)
	}
	payload, err := json.Marshal(ev)
	if err != nil {
		return out, err
	}
	path := "/2015-03-31/functions/" + url.PathEscape(name) + "/invocations"
	for try := 1; ; try++ {
		status, header, body, err := i.API.Do(ctx, http.MethodPost, path, payload, map[string]string{"X-Amz-Invocation-Type": "RequestResponse"})
		if err != nil {
			return out, fmt.Errorf("lambdainvoke: invoke %s: %w", name, err)
		}
		if status == http.StatusTooManyRequests && try < throttleTries {
			select {
			case <-ctx.Done():
				return out, ctx.Err()
			case <-time.After(time.Duration(try*try) * 100 * time.Millisecond):
			}
			continue
		}
		if status != http.StatusOK {
			return out, fmt.Errorf("lambdainvoke: invoke %s: HTTP %d: %s", name, status, body)
		}
		if fe := header.Get("X-Amz-Function-Error"); fe != "" {
			return out, fmt.Errorf("lambdainvoke: %s failed: %s: %s", name, fe, body)
		}
		if err := json.Unmarshal(body, &out); err != nil {
			return out, fmt.Errorf("lambdainvoke: %s answered %q: %w", name, body, err)
		}
		return out, nil
	}
}
