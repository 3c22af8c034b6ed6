// Package lambdainvoke runs another function of this service through the
// Lambda Invoke API, with the API Gateway event API Gateway would have
// sent it: how the MCP server and the dashboard run each endpoint in the
// endpoint's own function.
package lambdainvoke

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda"

	"rvcontent/shared/platform/awsenv"
)

// Invoker invokes the functions of endpoint groups by name.
type Invoker struct {
	Client *lambda.Client
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
	client := lambda.NewFromConfig(cfg, func(o *lambda.Options) { o.BaseEndpoint = awsenv.Endpoint(awsenv.Lambda) })
	return &Invoker{Client: client, Functions: fns}, nil
}

// Invoke runs group's function with ev and returns its answer. A
// function error (the function crashed or timed out) is an error.
func (i *Invoker) Invoke(ctx context.Context, group string, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	name, ok := i.Functions[group]
	if !ok {
		return events.APIGatewayV2HTTPResponse{}, fmt.Errorf("lambdainvoke: no function for group %s", group)
	}
	payload, err := json.Marshal(ev)
	if err != nil {
		return events.APIGatewayV2HTTPResponse{}, err
	}
	out, err := i.Client.Invoke(ctx, &lambda.InvokeInput{FunctionName: aws.String(name), Payload: payload})
	if err != nil {
		return events.APIGatewayV2HTTPResponse{}, fmt.Errorf("lambdainvoke: invoke %s: %w", name, err)
	}
	if out.FunctionError != nil {
		return events.APIGatewayV2HTTPResponse{}, fmt.Errorf("lambdainvoke: %s failed: %s: %s", name, *out.FunctionError, out.Payload)
	}
	var resp events.APIGatewayV2HTTPResponse
	if err := json.Unmarshal(out.Payload, &resp); err != nil {
		return events.APIGatewayV2HTTPResponse{}, fmt.Errorf("lambdainvoke: %s answered %q: %w", name, out.Payload, err)
	}
	return resp, nil
}
