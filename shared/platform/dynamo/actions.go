package dynamo

// Actions are the IAM actions of every DynamoDB operation this adapter
// sends: GetItem, BatchGetItem (the Gets a request's parts make at once,
// gathered), Query, PutItem, UpdateItem, DeleteItem, and
// TransactWriteItems, which IAM authorises by the actions of its parts
// (ConditionCheckItem for a condition on an item it does not write). A
// function's role allows these on the table and its indexes and nothing
// else: no Scan, no batch write, no stream or table management.
var Actions = []string{
	"dynamodb:GetItem",
	"dynamodb:BatchGetItem",
	"dynamodb:Query",
	"dynamodb:PutItem",
	"dynamodb:UpdateItem",
	"dynamodb:DeleteItem",
	"dynamodb:ConditionCheckItem",
}
