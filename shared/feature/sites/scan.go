package sites

import (
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/platform/dynamo"
)

// SetScanStatusIn adds to tx the change of a site's scan_status, on the
// condition that the site exists.
func SetScanStatusIn(tx *dynamo.Tx, accountID, id, status string) {
	tx.Update("site", dynamo.AccountPK(accountID), dynamo.SiteSK(id), &types.Update{
		UpdateExpression:          aws.String("SET scan_status = :status"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":status": &types.AttributeValueMemberS{Value: status}},
	})
}

// FillBrandIn adds to tx what a finished scan writes to its site, under the
// rescan rules (spec 4.6): a brand field the user set is kept; any other
// takes the scan's value when the scan found one (an empty field is
// filled, one an earlier scan filled is refreshed) and is kept when it
// found none. scan_status becomes status. The write requires the site's
// user-set fields to be those of it, so a PATCH that lands meanwhile makes
// the commit fail with the condition and the caller reads the site again.
// It returns the brand fields written.
func FillBrandIn(tx *dynamo.Tx, it Item, b Brand, status string) []string {
	names := map[string]string{}
	values := map[string]types.AttributeValue{":status": &types.AttributeValueMemberS{Value: status}}
	set := []string{"scan_status = :status"}
	var filled []string
	for _, f := range BrandFields {
		v := b.Get(f)
		if v == "" || it.IsUserSet(f) {
			continue
		}
		if cur := it.Site.Field(f); cur != nil && *cur == v {
			continue
		}
		names["#"+f], values[":"+f] = f, &types.AttributeValueMemberS{Value: v}
		set = append(set, "#"+f+" = :"+f)
		filled = append(filled, f)
	}
	tx.Update("site", it.PK, it.SK, &types.Update{
		UpdateExpression:          aws.String("SET " + strings.Join(set, ", ")),
		ConditionExpression:       aws.String(userSetCondition(it.UserSet, names, values)),
		ExpressionAttributeNames:  names,
		ExpressionAttributeValues: values,
	})
	return filled
}
