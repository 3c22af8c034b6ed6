package stack

import (
	"github.com/aws/jsii-runtime-go"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/platform/lambdainvoke"
)

// addInvokes gives each function that runs requests in other groups'
// functions their names and the right to invoke them, once every function
// exists.
func (s *ServiceStack) addInvokes() {
	for _, g := range groupNames() {
		fn := s.Functions[string(g)]
		for _, target := range GroupAccess(g).Invokes {
			callee := s.Functions[string(target)]
			fn.AddEnvironment(jsii.String(lambdainvoke.EnvName(string(target))), callee.FunctionName(), nil)
			callee.GrantInvoke(fn)
		}
	}
}

// invokedGroups returns, once each and in the order of groupNames, the
// endpoint groups whose functions other functions invoke.
func invokedGroups() []routes.Group {
	seen := map[routes.Group]bool{}
	var out []routes.Group
	for _, g := range groupNames() {
		for _, target := range GroupAccess(g).Invokes {
			if !seen[target] {
				seen[target] = true
				out = append(out, target)
			}
		}
	}
	return out
}
