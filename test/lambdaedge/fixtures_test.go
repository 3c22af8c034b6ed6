package lambdaedge

import (
	"encoding/json"
	"reflect"
	"testing"

	"rvcontent/test/artefacts"

	"github.com/aws/aws-lambda-go/events"
)

// fixtureTypes maps every file of events/ to the event type of the handler
// it feeds.
var fixtureTypes = map[string]func() any{
	"apigw-v2-get-site.json":             func() any { return new(events.APIGatewayV2HTTPRequest) },
	"apigw-v2-post-accounts-base64.json": func() any { return new(events.APIGatewayV2HTTPRequest) },
	"apigw-v2-unknown-route.json":        func() any { return new(events.APIGatewayV2HTTPRequest) },
	"sqs-jobs-batch.json":                func() any { return new(events.SQSEvent) },
	"sqs-deliveries-batch.json":          func() any { return new(events.SQSEvent) },
	"eventbridge-schedule.json":          func() any { return new(events.EventBridgeEvent) },
}

// TestFixturesRoundTrip checks that each payload is of its event type:
// every field it sets survives unmarshalling into the type and marshalling
// back, so no field is misspelled or of the wrong shape.
func TestFixturesRoundTrip(t *testing.T) {
	for name, newEvent := range fixtureTypes {
		t.Run(name, func(t *testing.T) {
			raw := fixture(t, name, nil)
			ev := newEvent()
			if err := json.Unmarshal(raw, ev); err != nil {
				t.Fatal(err)
			}
			again, err := json.Marshal(ev)
			if err != nil {
				t.Fatal(err)
			}
			var want, got any
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(again, &got); err != nil {
				t.Fatal(err)
			}
			for _, diff := range artefacts.Lost("", want, got) {
				t.Error(diff)
			}
			if reflect.ValueOf(ev).Elem().IsZero() {
				t.Error("the event is empty")
			}
		})
	}
}
