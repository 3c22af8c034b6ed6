package dashboard_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/compose"
	"rvcontent/test/testenv"
)

// items returns the sort keys of partition pk's items in the stack's
// table.
func items(t *testing.T, env *testenv.Env, pk string) []string {
	t.Helper()
	raw, err := compose.Table(env.Stack.Graph).QueryAll(context.Background(), &dynamodb.QueryInput{
		KeyConditionExpression:    aws.String("pk = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: pk}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, it := range raw {
		out = append(out, it["sk"].(*types.AttributeValueMemberS).Value)
	}
	return out
}

func TestOnlyTheOwnerDeletesTheAccount(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	e := o.Client.Agent(t, "DELETE", "/account", nil).ExpectError(t, http.StatusForbidden, "human_required")
	if e["action_url"] != env.URL+"/dashboard/settings" {
		t.Fatalf("action_url %v", e["action_url"])
	}
	o.open(t, strings.TrimPrefix(e["action_url"].(string), env.URL), "Delete the account", "cannot be undone", "erased within an hour")

	// The typed confirmation must be the account's email.
	o.submit(t, "/dashboard/settings", "/dashboard/settings/delete", url.Values{"confirm": {"delete"}}).
		Expect(t, http.StatusUnprocessableEntity, "The account was not deleted.", `id="delete-confirm-error"`, `value="delete"`)
	o.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
}

func TestDeleteTheAccount(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "https://"+uniqueHost("gone"))
	app := env.OAuthToken(t, a, "Doomed App")
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	o := &owner{Account: a, Browser: b, env: env}
	other := env.NewBrowser(t)
	env.SignIn(t, other, a.Email, "/dashboard")
	env.Trial(t, a, testenv.TestCardOK)
	siteKey := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/keys", map[string]any{"name": "Blog"}).Expect(t, http.StatusCreated).JSON(t)["site_key"].(map[string]any)["key"].(string)
	hook := a.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://" + uniqueHost("hook") + "/in", "events": []string{"*"}}).Expect(t, http.StatusCreated).JSON(t)["webhook"].(map[string]any)
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{"title": "Soon gone"}).Expect(t, http.StatusCreated)
	// Both credentials read once, so their next reads run beside their
	// checks (api.Authenticate): deletion must refuse those too.
	a.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	env.Client().As(app).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)

	form := o.open(t, "/dashboard/settings").Form(t, "/dashboard/settings/delete")
	form.Set("confirm", strings.ToUpper(a.Email))
	done := b.Post(t, "/dashboard/settings/delete", form).Expect(t, http.StatusOK, "Account deleted", a.Email, "signed out")
	if c := strings.Join(done.Header.Values("Set-Cookie"), ";"); !strings.Contains(c, "session=;") {
		t.Fatalf("the session cookie was not cleared: %s", c)
	}

	// At once: every credential and session stops working.
	a.Client.Agent(t, "GET", "/account", nil).ExpectError(t, http.StatusUnauthorized, "unauthorized")
	env.Client().As(app).Agent(t, "GET", "/account", nil).ExpectError(t, http.StatusUnauthorized, "unauthorized")
	env.Client().Do(t, "GET", "/api/public/v1/ping", nil, "Authorization: Bearer "+siteKey).Expect(t, http.StatusUnauthorized)
	for _, br := range []*testenv.Browser{b, other} {
		br.Get(t, "/dashboard").Redirect(t, http.StatusSeeOther, env.URL+"/signin?next=")
	}
	if ks := items(t, env, "ACCT#"+a.ID); strings.Contains(strings.Join(ks, " "), "WEBHOOK#"+hook["id"].(string)) {
		t.Fatalf("the webhook endpoint is still there: %v", ks)
	}
	mails := env.Emails(t, a.Email)
	if mails[0].Subject != "Your account was deleted" || !strings.Contains(mails[0].Text, "nothing more is charged") {
		t.Fatalf("last mail %+v", mails[0])
	}
	// No sign-in link for a deleted account.
	b.Post(t, "/signin", url.Values{"email": {a.Email}}).Expect(t, http.StatusOK, "Check your email")
	if got := env.Emails(t, a.Email); got[0].Subject != "Your account was deleted" {
		t.Fatalf("a deleted account got %q", got[0].Subject)
	}

	// The erase job: the subscription ends with nothing more charged, and
	// the data is gone (the second pass runs 15 minutes later).
	env.RunScheduled(t)
	env.Advance(t, 16*60)
	env.RunScheduled(t)
	var charges struct {
		Charges []map[string]any `json:"charges"`
	}
	env.Advance(t, 8*24*3600)
	env.RunScheduled(t)
	env.Client().Do(t, "GET", "/_dev/pay/charges?account_id="+a.ID, nil).Expect(t, http.StatusOK).Decode(t, &charges)
	if len(charges.Charges) != 0 {
		t.Fatalf("charges after deletion %v", charges.Charges)
	}
	for _, pk := range []string{"SITE#" + a.SiteID, "ACCT#" + a.ID + "#EVENTS", "ACCT#" + a.ID + "#ACTIVITY"} {
		if ks := items(t, env, pk); len(ks) != 0 {
			t.Fatalf("%s still holds %v", pk, ks)
		}
	}
	for _, sk := range items(t, env, "ACCT#"+a.ID) {
		if sk != "ACCOUNT" && !strings.HasPrefix(sk, "JOB#") {
			t.Fatalf("the account's partition still holds %s", sk)
		}
	}

	// The address can start a new account.
	env.SignUp(t, map[string]any{"email": a.Email, "site_url": "https://acme.com", "agent": map[string]any{"name": "New agent"}})
}
