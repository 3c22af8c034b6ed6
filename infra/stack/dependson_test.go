package stack_test

import (
	"testing"
)

// TestRouteLanesWaitForRoutesOnly: a route of a lane waits for the route
// before it and for nothing else. README ("Deploying to AWS"): make test
// lints the template with cfn-lint, "errors and warnings fail it, except one
// check ignored in infra/.cfnlintrc: W3005 ...: awslambda.Function lists its
// role in DependsOn next to the role's default policy while Role already
// refers to it; the extra edge is redundant". Before, a route waited for
// the whole construct of the route RouteLanes before it, so the route after
// a group's first route in a lane also listed that group's integration and
// Lambda permission in DependsOn; where both routes are of one group its
// Target already refers to the integration: ten more W3005 warnings, about
// routes, that the ignored check hid.
func TestRouteLanesWaitForRoutesOnly(t *testing.T) {
	all := tmpl["Resources"].(map[string]any)
	for id, res := range resources("AWS::ApiGatewayV2::Route") {
		for _, d := range list(res["DependsOn"]) {
			if typ, _ := all[d.(string)].(map[string]any)["Type"].(string); typ != "AWS::ApiGatewayV2::Route" {
				t.Errorf("route %s waits for %s, a %s: a lane waits for routes only", id, d, typ)
			}
		}
	}
}
