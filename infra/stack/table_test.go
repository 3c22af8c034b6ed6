package stack_test

import (
	"reflect"
	"testing"

	"rvcontent/shared/platform/dynamo"
)

func TestTable(t *testing.T) {
	tables := resources("AWS::DynamoDB::Table")
	if len(tables) != 1 {
		t.Fatalf("%d tables, want 1", len(tables))
	}
	for _, res := range tables {
		p := props(res)
		if res["DeletionPolicy"] != "Retain" || res["UpdateReplacePolicy"] != "Retain" {
			t.Errorf("DeletionPolicy %v, UpdateReplacePolicy %v; want Retain for both", res["DeletionPolicy"], res["UpdateReplacePolicy"])
		}
		if p["BillingMode"] != "PAY_PER_REQUEST" {
			t.Errorf("BillingMode %v, want PAY_PER_REQUEST", p["BillingMode"])
		}
		if got := asJSON(p["KeySchema"]); got != asJSON(keySchema("pk", "sk")) {
			t.Errorf("KeySchema %s, want pk (HASH) and sk (RANGE)", got)
		}
		if got := asJSON(p["TimeToLiveSpecification"]); got != `{"AttributeName":"ttl","Enabled":true}` {
			t.Errorf("TimeToLiveSpecification %s, want ttl enabled", got)
		}
		if got := asJSON(p["PointInTimeRecoverySpecification"]); got != `{"PointInTimeRecoveryEnabled":true}` {
			t.Errorf("PointInTimeRecoverySpecification %s, want enabled", got)
		}
		attrs := map[string]string{}
		for _, a := range list(p["AttributeDefinitions"]) {
			m := a.(map[string]any)
			attrs[m["AttributeName"].(string)] = m["AttributeType"].(string)
		}
		wantAttrs := map[string]string{"pk": "S", "sk": "S", "gsi1pk": "S", "gsi1sk": "S", "gsi2pk": "S", "gsi2sk": "S"}
		if !reflect.DeepEqual(attrs, wantAttrs) {
			t.Errorf("AttributeDefinitions %v, want %v", attrs, wantAttrs)
		}
		gsis := map[string]string{}
		for _, g := range list(p["GlobalSecondaryIndexes"]) {
			m := g.(map[string]any)
			gsis[m["IndexName"].(string)] = asJSON(map[string]any{"KeySchema": m["KeySchema"], "Projection": m["Projection"]})
		}
		wantGSIs := map[string]string{
			"gsi1": asJSON(map[string]any{"KeySchema": keySchema("gsi1pk", "gsi1sk"), "Projection": map[string]any{"ProjectionType": "ALL"}}),
			"gsi2": asJSON(map[string]any{"KeySchema": keySchema("gsi2pk", "gsi2sk"), "Projection": map[string]any{"ProjectionType": "ALL"}}),
		}
		if !reflect.DeepEqual(gsis, wantGSIs) {
			t.Errorf("GlobalSecondaryIndexes %v, want %v", gsis, wantGSIs)
		}
		if _, named := p["TableName"]; named {
			t.Errorf("the table has a hard-coded name %v", p["TableName"])
		}
	}
}

// TestTableMatchesSchema checks that the dev stack's schema (which the
// stack is built from) still has the keys the expectations above name, so
// a schema change shows up here and in the stack together.
func TestTableMatchesSchema(t *testing.T) {
	s := dynamo.TableSchema
	if s.PartitionKey != "pk" || s.SortKey != "sk" || s.TTLAttribute != "ttl" || len(s.Indexes) != 2 {
		t.Fatalf("dynamo.TableSchema changed (%+v): update TestTable with it", s)
	}
}

func keySchema(hash, rng string) []any {
	return []any{
		map[string]any{"AttributeName": hash, "KeyType": "HASH"},
		map[string]any{"AttributeName": rng, "KeyType": "RANGE"},
	}
}
