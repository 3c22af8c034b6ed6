package lambdaedge

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

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
			for _, diff := range lost("", want, got) {
				t.Error(diff)
			}
			if reflect.ValueOf(ev).Elem().IsZero() {
				t.Error("the event is empty")
			}
		})
	}
}

// lost lists the values of want that got does not carry equal.
func lost(path string, want, got any) []string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: want an object, got %v", path, got)}
		}
		var out []string
		for k, v := range w {
			out = append(out, lost(path+"."+k, v, g[k])...)
		}
		return out
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return []string{fmt.Sprintf("%s: want %d elements, got %v", path, len(w), got)}
		}
		var out []string
		for i := range w {
			out = append(out, lost(fmt.Sprintf("%s[%d]", path, i), w[i], g[i])...)
		}
		return out
	}
	if !reflect.DeepEqual(want, got) {
		return []string{fmt.Sprintf("%s: want %v, got %v", path, want, got)}
	}
	return nil
}
