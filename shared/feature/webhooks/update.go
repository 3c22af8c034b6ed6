package webhooks

import (
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// updateBuilder assembles an UpdateItem expression from SET and REMOVE
// clauses, naming every attribute so reserved words need no care.
type updateBuilder struct {
	sets, removes []string
	names         map[string]string
	values        map[string]types.AttributeValue
	cond          string
}

func newUpdate() *updateBuilder {
	return &updateBuilder{names: map[string]string{}, values: map[string]types.AttributeValue{}}
}

// name returns the placeholder of attribute attr.
func (b *updateBuilder) name(attr string) string {
	n := "#" + strings.ReplaceAll(attr, "_", "")
	b.names[n] = attr
	return n
}

// value returns a new placeholder for v.
func (b *updateBuilder) value(v types.AttributeValue) string {
	k := ":v" + strconv.Itoa(len(b.values))
	b.values[k] = v
	return k
}

// set adds "attr = v".
func (b *updateBuilder) set(attr string, v types.AttributeValue) {
	b.sets = append(b.sets, b.name(attr)+" = "+b.value(v))
}

// setIfMissing adds "attr = if_not_exists(attr, v)".
func (b *updateBuilder) setIfMissing(attr string, v types.AttributeValue) {
	n := b.name(attr)
	b.sets = append(b.sets, n+" = if_not_exists("+n+", "+b.value(v)+")")
}

// eq returns the condition "attr = v" with placeholders.
func (b *updateBuilder) eq(attr string, v types.AttributeValue) string {
	return b.name(attr) + " = " + b.value(v)
}

// remove adds attrs to the REMOVE clause.
func (b *updateBuilder) remove(attrs ...string) {
	for _, a := range attrs {
		b.removes = append(b.removes, b.name(a))
	}
}

// condition sets the condition expression; placeholder pairs name values
// the expression uses (":was", value, ...).
func (b *updateBuilder) condition(expr string, placeholders ...any) {
	b.cond = expr
	for i := 0; i+1 < len(placeholders); i += 2 {
		b.values[placeholders[i].(string)] = placeholders[i+1].(types.AttributeValue)
	}
}

// update returns the built update for a transaction.
func (b *updateBuilder) update() *types.Update {
	var expr []string
	if len(b.sets) > 0 {
		expr = append(expr, "SET "+strings.Join(b.sets, ", "))
	}
	if len(b.removes) > 0 {
		expr = append(expr, "REMOVE "+strings.Join(b.removes, ", "))
	}
	u := &types.Update{UpdateExpression: aws.String(strings.Join(expr, " ")), ExpressionAttributeNames: b.names}
	if len(b.values) > 0 {
		u.ExpressionAttributeValues = b.values
	}
	if b.cond != "" {
		u.ConditionExpression = aws.String(b.cond)
	}
	return u
}
