package stack

import (
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2integrations"
	"github.com/aws/jsii-runtime-go"

	"rvcontent/infra/naming"
	"rvcontent/shared/edge/routes"
)

// RouteLanes is how many routes CloudFormation creates at once.
const RouteLanes = 4

// addRoutes gives the HTTP API one route per entry of the route table,
// integrated with its group's function (payload format 2.0), and the
// $default route to routes.DefaultGroup's function, which answers the JSON
// 404 of an unknown route.
//
// Each group's routes share one integration and one invoke permission for
// the whole API (apiId/*/*/*, stage/method/path), which keeps the
// function's resource policy small as groups grow. The $default route is
// invoked as apiId/<stage>/$default, which that pattern does not match, so
// it gets an integration of its own whose permission is apiId/*/*.
//
// CloudFormation creates the routes RouteLanes at a time (each route
// depends on the route RouteLanes before it, and on nothing else), because
// API Gateway's control plane answers 429 Too Many Requests to a burst of
// about two hundred CreateRoute calls, which fails the first deploy.
func (s *ServiceStack) addRoutes() {
	integrations := map[routes.Group]awsapigatewayv2.HttpRouteIntegration{}
	var created []awsapigatewayv2.HttpRoute
	for _, r := range routes.Table {
		in, ok := integrations[r.Group]
		if !ok {
			in = s.lambdaIntegration(string(r.Group), naming.ConstructID(string(r.Group))+"Integration", false)
			integrations[r.Group] = in
		}
		for _, route := range *s.API.AddRoutes(&awsapigatewayv2.AddRoutesOptions{
			Path:        jsii.String(r.Path),
			Methods:     &[]awsapigatewayv2.HttpMethod{awsapigatewayv2.HttpMethod(r.Method)},
			Integration: in,
		}) {
			if n := len(created); n >= RouteLanes {
				// The route resource alone: the route construct also holds
				// its group's integration and permission when it is the
				// group's first.
				route.Node().AddDependency(created[n-RouteLanes].Node().DefaultChild())
			}
			created = append(created, route)
		}
	}
	awsapigatewayv2.NewHttpRoute(s.Stack, jsii.String("DefaultRoute"), &awsapigatewayv2.HttpRouteProps{
		HttpApi:     s.API,
		RouteKey:    awsapigatewayv2.HttpRouteKey_DEFAULT(),
		Integration: s.lambdaIntegration(string(routes.DefaultGroup), "DefaultIntegration", true),
	})
}

// lambdaIntegration integrates the function named name, its invoke
// permission scoped to the route it is bound to when scoped is set, else to
// the whole API.
func (s *ServiceStack) lambdaIntegration(name, id string, scoped bool) awsapigatewayv2.HttpRouteIntegration {
	return awsapigatewayv2integrations.NewHttpLambdaIntegration(jsii.String(id), s.Functions[name],
		&awsapigatewayv2integrations.HttpLambdaIntegrationProps{
			PayloadFormatVersion:   awsapigatewayv2.PayloadFormatVersion_VERSION_2_0(),
			ScopePermissionToRoute: jsii.Bool(scoped),
		})
}
