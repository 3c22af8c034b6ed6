package dynamo

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Schema describes the table: its key attributes, indexes and TTL attribute.
// The CDK stack and the dev stack both build the table from it.
type Schema struct {
	PartitionKey string
	SortKey      string
	Indexes      []Index
	TTLAttribute string
}

// Index is a global secondary index projecting every attribute.
type Index struct {
	Name         string
	PartitionKey string
	SortKey      string
}

// TableSchema is the service's one table.
var TableSchema = Schema{
	PartitionKey: PK,
	SortKey:      SK,
	Indexes: []Index{
		{Name: GSI1, PartitionKey: GSI1PK, SortKey: GSI1SK},
		{Name: GSI2, PartitionKey: GSI2PK, SortKey: GSI2SK},
	},
	TTLAttribute: TTL,
}

// CreateTableInput returns the request that creates the table named name
// with on-demand billing.
func (s Schema) CreateTableInput(name string) *dynamodb.CreateTableInput {
	attrs := []types.AttributeDefinition{
		{AttributeName: aws.String(s.PartitionKey), AttributeType: types.ScalarAttributeTypeS},
		{AttributeName: aws.String(s.SortKey), AttributeType: types.ScalarAttributeTypeS},
	}
	var gsis []types.GlobalSecondaryIndex
	for _, ix := range s.Indexes {
		attrs = append(attrs,
			types.AttributeDefinition{AttributeName: aws.String(ix.PartitionKey), AttributeType: types.ScalarAttributeTypeS},
			types.AttributeDefinition{AttributeName: aws.String(ix.SortKey), AttributeType: types.ScalarAttributeTypeS})
		gsis = append(gsis, types.GlobalSecondaryIndex{
			IndexName: aws.String(ix.Name),
			KeySchema: []types.KeySchemaElement{
				{AttributeName: aws.String(ix.PartitionKey), KeyType: types.KeyTypeHash},
				{AttributeName: aws.String(ix.SortKey), KeyType: types.KeyTypeRange},
			},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		})
	}
	return &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		AttributeDefinitions: attrs,
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String(s.PartitionKey), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String(s.SortKey), KeyType: types.KeyTypeRange},
		},
		GlobalSecondaryIndexes: gsis,
		BillingMode:            types.BillingModePayPerRequest,
	}
}

// Ensure creates the table named name if it does not exist, waits until it
// is active and turns on TTL.
func (s Schema) Ensure(ctx context.Context, client *dynamodb.Client, name string) error {
	_, err := client.CreateTable(ctx, s.CreateTableInput(name))
	var inUse *types.ResourceInUseException
	if err != nil && !errors.As(err, &inUse) {
		return err
	}
	waiter := dynamodb.NewTableExistsWaiter(client)
	if err := waiter.Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)}, time.Minute); err != nil {
		return err
	}
	_, err = client.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{
		TableName:               aws.String(name),
		TimeToLiveSpecification: &types.TimeToLiveSpecification{AttributeName: aws.String(s.TTLAttribute), Enabled: aws.Bool(true)},
	})
	if err != nil && errors.As(err, new(*types.ResourceInUseException)) {
		return nil
	}
	var ve interface{ ErrorMessage() string }
	if err != nil && errors.As(err, &ve) && ve.ErrorMessage() == "TimeToLive is already enabled" {
		return nil
	}
	return err
}
