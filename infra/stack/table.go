package stack

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/jsii-runtime-go"

	"rvcontent/shared/platform/dynamo"
)

// newTable builds the service's one table from schema, the same definition
// the dev stack creates its table from: string keys, every index projecting
// all attributes, TTL, point-in-time recovery, on-demand billing, and kept
// when the stack is deleted.
func newTable(stack awscdk.Stack, id string, schema dynamo.Schema) awsdynamodb.Table {
	t := awsdynamodb.NewTable(stack, jsii.String(id), &awsdynamodb.TableProps{
		PartitionKey:        stringKey(schema.PartitionKey),
		SortKey:             stringKey(schema.SortKey),
		BillingMode:         awsdynamodb.BillingMode_PAY_PER_REQUEST,
		TimeToLiveAttribute: jsii.String(schema.TTLAttribute),
		PointInTimeRecoverySpecification: &awsdynamodb.PointInTimeRecoverySpecification{
			PointInTimeRecoveryEnabled: jsii.Bool(true),
		},
		RemovalPolicy: awscdk.RemovalPolicy_RETAIN,
	})
	for _, ix := range schema.Indexes {
		t.AddGlobalSecondaryIndex(&awsdynamodb.GlobalSecondaryIndexProps{
			IndexName:      jsii.String(ix.Name),
			PartitionKey:   stringKey(ix.PartitionKey),
			SortKey:        stringKey(ix.SortKey),
			ProjectionType: awsdynamodb.ProjectionType_ALL,
		})
	}
	return t
}

func stringKey(name string) *awsdynamodb.Attribute {
	return &awsdynamodb.Attribute{Name: jsii.String(name), Type: awsdynamodb.AttributeType_STRING}
}
