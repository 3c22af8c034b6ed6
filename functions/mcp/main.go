// Command mcp is the Lambda function of the MCP server (spec 5).
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/edge/routes"
)

func main() { lambdarun.HTTP(routes.MCP) }
