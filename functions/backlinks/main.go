// Command backlinks is the Lambda function of the backlink exchange's
// endpoint group.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/backlinksfn"
)

func main() {
	env := lambdarun.Load()
	env.HTTP(backlinksfn.BacklinksHTTP(compose.New(env.Deps())))
}
