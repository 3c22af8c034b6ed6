package articles

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/platform/dynamo"
)

// DeleteUnwrittenIn adds to tx the removal of article id of the site on
// the condition that it is still unwritten (an idea or a scheduled article
// with an empty body), as when a rescan replaces it; written articles are
// never touched. The commit fails, naming "article", otherwise.
func DeleteUnwrittenIn(tx *dynamo.Tx, siteID, id string) {
	tx.Raw("article", types.TransactWriteItem{Delete: &types.Delete{
		Key:                      dynamo.Key(dynamo.SitePK(siteID), dynamo.ArticleSK(id)),
		ConditionExpression:      aws.String("#status IN (:opportunity, :scheduled) AND (attribute_not_exists(body_markdown) OR body_markdown = :empty)"),
		ExpressionAttributeNames: map[string]string{"#status": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":opportunity": &types.AttributeValueMemberS{Value: StatusOpportunity},
			":scheduled":   &types.AttributeValueMemberS{Value: StatusScheduled},
			":empty":       &types.AttributeValueMemberS{Value: ""},
		},
	}})
}
