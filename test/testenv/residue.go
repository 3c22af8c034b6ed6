package testenv

import (
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/compose"
)

// Mentions returns "pk | sk" of every item of the stack's table that holds
// one of needles in any string (keys and attribute names included),
// ignoring case, sorted: what is left of an account after its erase. A
// test may scan; the service's request paths never do.
func (e *Env) Mentions(t testing.TB, needles ...string) []string {
	t.Helper()
	table := compose.Table(e.Stack.Graph)
	var out []string
	var start map[string]types.AttributeValue
	for {
		page, err := table.Client.Scan(context.Background(), &dynamodb.ScanInput{TableName: aws.String(table.Name), ExclusiveStartKey: start, ConsistentRead: aws.Bool(true)})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range page.Items {
			for _, n := range needles {
				if holds(it, strings.ToLower(n)) {
					out = append(out, str(it["pk"])+" | "+str(it["sk"]))
					break
				}
			}
		}
		if page.LastEvaluatedKey == nil {
			break
		}
		start = page.LastEvaluatedKey
	}
	sort.Strings(out)
	return out
}

// str is v's string, or "" when v is not one.
func str(v types.AttributeValue) string {
	if s, ok := v.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}

// holds reports whether v or anything in it is a string holding needle
// (lowercase), or a map has an attribute name holding it.
func holds(v any, needle string) bool {
	switch x := v.(type) {
	case map[string]types.AttributeValue:
		for k, e := range x {
			if strings.Contains(strings.ToLower(k), needle) || holds(e, needle) {
				return true
			}
		}
	case *types.AttributeValueMemberS:
		return strings.Contains(strings.ToLower(x.Value), needle)
	case *types.AttributeValueMemberM:
		return holds(x.Value, needle)
	case *types.AttributeValueMemberL:
		for _, e := range x.Value {
			if holds(e, needle) {
				return true
			}
		}
	case *types.AttributeValueMemberSS:
		for _, e := range x.Value {
			if strings.Contains(strings.ToLower(e), needle) {
				return true
			}
		}
	}
	return false
}
