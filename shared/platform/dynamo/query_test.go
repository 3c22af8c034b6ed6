package dynamo_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
)

func avS(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

// Each helper builds the key condition, filter and projection the SDK's
// builder makes of it, on the table's or the index's key attributes.
func TestQueryInput(t *testing.T) {
	type want struct {
		index, key, filter, projection string
		names                          map[string]string
		values                         map[string]types.AttributeValue
	}
	cases := []struct {
		name string
		q    dynamo.Query
		want want
	}{
		{"partition", dynamo.Partition("P"), want{
			key:    "#0 = :0",
			names:  map[string]string{"#0": "pk"},
			values: map[string]types.AttributeValue{":0": avS("P")},
		}},
		{"prefix", dynamo.PartitionPrefix("P", "ART#"), want{
			key:    "(#0 = :0) AND (begins_with (#1, :1))",
			names:  map[string]string{"#0": "pk", "#1": "sk"},
			values: map[string]types.AttributeValue{":0": avS("P"), ":1": avS("ART#")},
		}},
		{"empty prefix is the partition", dynamo.PartitionPrefix("P", ""), want{
			key:    "#0 = :0",
			names:  map[string]string{"#0": "pk"},
			values: map[string]types.AttributeValue{":0": avS("P")},
		}},
		{"greater than", dynamo.Partition("P").SKGreaterThan("a"), want{
			key:    "(#0 = :0) AND (#1 > :1)",
			names:  map[string]string{"#0": "pk", "#1": "sk"},
			values: map[string]types.AttributeValue{":0": avS("P"), ":1": avS("a")},
		}},
		{"greater than or equal", dynamo.Partition("P").SKGreaterThanEqual("a"), want{
			key:    "(#0 = :0) AND (#1 >= :1)",
			names:  map[string]string{"#0": "pk", "#1": "sk"},
			values: map[string]types.AttributeValue{":0": avS("P"), ":1": avS("a")},
		}},
		{"between", dynamo.Partition("P").SKBetween("a", "b~"), want{
			key:    "(#0 = :0) AND (#1 BETWEEN :1 AND :2)",
			names:  map[string]string{"#0": "pk", "#1": "sk"},
			values: map[string]types.AttributeValue{":0": avS("P"), ":1": avS("a"), ":2": avS("b~")},
		}},
		{"a later sort condition replaces an earlier", dynamo.PartitionPrefix("P", "X#").SKLessThan("b"), want{
			key:    "(#0 = :0) AND (#1 < :1)",
			names:  map[string]string{"#0": "pk", "#1": "sk"},
			values: map[string]types.AttributeValue{":0": avS("P"), ":1": avS("b")},
		}},
		{"GSI1", dynamo.IndexPartition(dynamo.GSI1, "DUE#x").SKLessThan("2026"), want{
			index:  "gsi1",
			key:    "(#0 = :0) AND (#1 < :1)",
			names:  map[string]string{"#0": "gsi1pk", "#1": "gsi1sk"},
			values: map[string]types.AttributeValue{":0": avS("DUE#x"), ":1": avS("2026")},
		}},
		{"GSI2", dynamo.IndexPartition(dynamo.GSI2, "BLHOST"), want{
			index:  "gsi2",
			key:    "#0 = :0",
			names:  map[string]string{"#0": "gsi2pk"},
			values: map[string]types.AttributeValue{":0": avS("BLHOST")},
		}},
		// The filter is built first: its names and values take the first
		// placeholders, and the key condition's follow without colliding.
		{"filters", dynamo.PartitionPrefix("P", "FR#").
			Filter(expression.Name("direction").Equal(expression.Value("in"))).
			Filter(dynamo.AttrIn("status", []string{"a", "b"})), want{
			key:    "(#2 = :3) AND (begins_with (#3, :4))",
			filter: "(#0 = :0) AND (#1 IN (:1, :2))",
			names:  map[string]string{"#0": "direction", "#1": "status", "#2": "pk", "#3": "sk"},
			values: map[string]types.AttributeValue{":0": avS("in"), ":1": avS("a"), ":2": avS("b"), ":3": avS("P"), ":4": avS("FR#")},
		}},
		// A repeated value is one operand: a list filter sent with its
		// few values repeated thousands of times stays within DynamoDB's
		// 100 operands of an IN.
		{"repeated IN values", dynamo.Partition("P").Filter(dynamo.AttrIn("status", repeated(10000, "new", "done"))), want{
			key:    "#1 = :2",
			filter: "#0 IN (:0, :1)",
			names:  map[string]string{"#0": "status", "#1": "pk"},
			values: map[string]types.AttributeValue{":0": avS("new"), ":1": avS("done"), ":2": avS("P")},
		}},
		{"one IN value", dynamo.IndexPartition(dynamo.GSI2, "F").Filter(dynamo.AttrIn("status", []string{"new"})), want{
			index:  "gsi2",
			key:    "#1 = :1",
			filter: "#0 IN (:0)",
			names:  map[string]string{"#0": "status", "#1": "gsi2pk"},
			values: map[string]types.AttributeValue{":0": avS("new"), ":1": avS("F")},
		}},
		// A projection names the key attributes the key condition uses
		// once.
		{"projection", dynamo.PartitionPrefix("P", "PUSH#").Project("pk", "sk", "hash"), want{
			key:        "(#0 = :0) AND (begins_with (#1, :1))",
			projection: "#0, #1, #2",
			names:      map[string]string{"#0": "pk", "#1": "sk", "#2": "hash"},
			values:     map[string]types.AttributeValue{":0": avS("P"), ":1": avS("PUSH#")},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in, err := c.q.Input()
			if err != nil {
				t.Fatal(err)
			}
			got := want{
				index: aws.ToString(in.IndexName), key: aws.ToString(in.KeyConditionExpression),
				filter: aws.ToString(in.FilterExpression), projection: aws.ToString(in.ProjectionExpression),
				names: in.ExpressionAttributeNames, values: in.ExpressionAttributeValues,
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got  %+v\nwant %+v", got, c.want)
			}
			if in.TableName != nil || in.Limit != nil || in.ConsistentRead != nil || in.ScanIndexForward != nil || in.ExclusiveStartKey != nil {
				t.Fatalf("Input set a field the caller owns: %+v", in)
			}
		})
	}
}

// A Query is a value: narrowing or filtering a copy leaves the original as
// it was.
func TestQueryIsAValue(t *testing.T) {
	base := dynamo.Partition("P").Filter(expression.Name("a").Equal(expression.Value("1")))
	_ = base.SKBeginsWith("X#").Filter(expression.Name("b").Equal(expression.Value("2"))).Project("pk")
	in, err := base.Input()
	if err != nil {
		t.Fatal(err)
	}
	if k, f := aws.ToString(in.KeyConditionExpression), aws.ToString(in.FilterExpression); k != "#1 = :1" || f != "#0 = :0" || in.ProjectionExpression != nil {
		t.Fatalf("the original changed: key %q, filter %q, projection %v", k, f, in.ProjectionExpression)
	}
}

// Building fails, rather than dropping the condition, for an index the
// table does not have and for an unset filter (AttrIn of no values).
func TestQueryInputErrors(t *testing.T) {
	for name, q := range map[string]dynamo.Query{
		"unknown index": dynamo.IndexPartition("gsi9", "P"),
		"empty IN":      dynamo.Partition("P").Filter(dynamo.AttrIn("status", nil)),
		"unset filter":  dynamo.Partition("P").Filter(expression.ConditionBuilder{}),
	} {
		if in, err := q.Input(); err == nil {
			t.Errorf("%s: built %+v, want an error", name, in)
		}
	}
}

type queryItem struct {
	PK     string `dynamodbav:"pk"`
	SK     string `dynamodbav:"sk"`
	Status string `dynamodbav:"status"`
	Hash   string `dynamodbav:"hash"`
	GSI2PK string `dynamodbav:"gsi2pk,omitempty"`
	GSI2SK string `dynamodbav:"gsi2sk,omitempty"`
}

// DynamoDB takes what the helpers build and reads the items each one
// describes (status and hash are reserved words).
func TestQueryOnDynamoDB(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	table := dynamotest.Table(t)
	ctx := context.Background()
	for _, it := range []queryItem{
		{PK: "P", SK: "A#1", Status: "new", Hash: "h1", GSI2PK: "G", GSI2SK: "3"},
		{PK: "P", SK: "A#2", Status: "done", Hash: "h2", GSI2PK: "G", GSI2SK: "1"},
		{PK: "P", SK: "A#3", Status: "new", Hash: "h3"},
		{PK: "P", SK: "B#1", Status: "new", Hash: "h4", GSI2PK: "G", GSI2SK: "2"},
		{PK: "Q", SK: "A#1", Status: "new", Hash: "h5"},
	} {
		if err := table.Put(ctx, it); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name string
		q    dynamo.Query
		want []string
	}{
		{"partition", dynamo.Partition("P"), []string{"A#1", "A#2", "A#3", "B#1"}},
		{"prefix", dynamo.PartitionPrefix("P", "A#"), []string{"A#1", "A#2", "A#3"}},
		{"greater than", dynamo.Partition("P").SKGreaterThan("A#2"), []string{"A#3", "B#1"}},
		{"greater than or equal", dynamo.Partition("P").SKGreaterThanEqual("A#2"), []string{"A#2", "A#3", "B#1"}},
		{"less than", dynamo.Partition("P").SKLessThan("A#2"), []string{"A#1"}},
		{"between", dynamo.Partition("P").SKBetween("A#2", "A#3"), []string{"A#2", "A#3"}},
		{"filter", dynamo.PartitionPrefix("P", "A#").Filter(dynamo.AttrIn("status", []string{"new"})), []string{"A#1", "A#3"}},
		{"filters", dynamo.Partition("P").Filter(dynamo.AttrIn("status", []string{"new", "done"})).
			Filter(expression.Name("hash").NotEqual(expression.Value("h3"))), []string{"A#1", "A#2", "B#1"}},
		{"index", dynamo.IndexPartition(dynamo.GSI2, "G"), []string{"A#2", "B#1", "A#1"}},
		{"index range", dynamo.IndexPartition(dynamo.GSI2, "G").SKGreaterThan("1"), []string{"B#1", "A#1"}},
	} {
		in, err := c.q.Input()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		rows, err := table.QueryAll(ctx, in)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		items, err := dynamo.UnmarshalList[queryItem](rows)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, it := range items {
			got = append(got, it.SK)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: read %v, want %v", c.name, got, c.want)
		}
	}
	// A projection reads only the attributes it names.
	in, err := dynamo.PartitionPrefix("P", "B#").Project("pk", "sk", "hash").Input()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := table.QueryAll(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || len(rows[0]) != 3 || rows[0]["hash"] == nil || rows[0]["status"] != nil {
		t.Fatalf("projected rows %v", rows)
	}
}

// repeated returns values over and over, n items in all.
func repeated(n int, values ...string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = values[i%len(values)]
	}
	return out
}
