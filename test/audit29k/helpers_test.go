package audit29k_test

import (
	"context"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/compose"
	"rvcontent/test/testenv"
)

// deleteAccount deletes a from the dashboard's settings page, as its
// signed-in owner does.
func deleteAccount(t *testing.T, env *testenv.Env, a *testenv.Account) {
	t.Helper()
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	form := b.Get(t, "/dashboard/settings").Expect(t, http.StatusOK).Form(t, "/dashboard/settings/delete")
	form.Set("confirm", a.Email)
	b.Post(t, "/dashboard/settings/delete", form).Expect(t, http.StatusOK, "Account deleted")
}

// ownerDeletes deletes o's account from the settings page in the browser
// o is signed in in.
func ownerDeletes(t *testing.T, o *testenv.Owner) {
	t.Helper()
	form := o.Browser.Get(t, "/dashboard/settings").Expect(t, http.StatusOK).Form(t, "/dashboard/settings/delete")
	form.Set("confirm", o.Email)
	o.Browser.Post(t, "/dashboard/settings/delete", form).Expect(t, http.StatusOK, "Account deleted")
}

// erase runs the erase job's two passes and moves the clock past the
// deletion's data_removed_by (an hour), running the scheduled work on the
// way.
func erase(t *testing.T, env *testenv.Env) {
	t.Helper()
	env.RunScheduled(t)
	env.Advance(t, 16*60)
	env.RunScheduled(t)
	env.Advance(t, 45*60)
	env.RunScheduled(t)
}

// mentions returns "pk | sk" of every item of the table holding one of
// needles in any string (keys included), ignoring case. A test may scan:
// the service's request paths never do.
func mentions(t *testing.T, env *testenv.Env, needles ...string) []string {
	t.Helper()
	table := compose.Table(env.Stack.Graph)
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

func str(v types.AttributeValue) string {
	if s, ok := v.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}

// holds reports whether v or anything in it is a string holding needle.
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
