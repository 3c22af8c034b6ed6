// Command mcp is the Lambda function of the MCP server. Each tool call runs
// its endpoint in the endpoint's own function, invoked directly.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/mcpfn"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/platform/lambdainvoke"
)

func main() {
	env := lambdarun.Load()
	var groups []string
	for _, g := range routes.AgentGroups() {
		groups = append(groups, string(g))
	}
	functions, err := lambdainvoke.FromEnv(env.AWS, groups)
	if err != nil {
		lambdarun.Fail(err)
	}
	env.HTTP(mcpfn.HTTP(compose.New(env.Deps()), functions))
}
