package audit25e

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
)

// TestOwnerAndAppSecretsAreStoredOnlyAsHashes pins what test/e2e's
// TestSecretsNeverStoredOrLogged (agent keys, claim tokens) does not
// cover, README "Site keys": "only its SHA-256 hash is stored"; "Owner
// sign-in": the session cookie is "stored only as a hash"; "Tokens": the
// refresh token is "stored as a hash", codes are "stored only as a hash";
// "Push integrations": "Tokens are encrypted at rest"; "Webhooks":
// "Signing secrets are not stored"; "Conventions": a stored response that
// carries a secret is "unreadable from the table alone". Every such
// secret is handed out, then the whole table is read: none appears in it.
// The dev stack's mailbox (DEVMAIL# items, the stand-in for the
// recipient's inbox) is the only place a link may be read back.
func TestOwnerAndAppSecretsAreStoredOnlyAsHashes(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	env.Trial(t, o.Account, testenv.TestCardOK)
	c, site := o.Client, "/sites/"+o.SiteID
	secrets := map[string]string{}

	secrets["site key"] = c.Agent(t, "POST", site+"/keys", map[string]any{"name": "CMS"}, "Idempotency-Key: audit25e-site-key").
		Expect(t, http.StatusCreated).JSON(t)["site_key"].(map[string]any)["key"].(string)
	secrets["webhook secret"] = c.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.example.com/in", "events": []string{"*"}}, "Idempotency-Key: audit25e-hook").
		Expect(t, http.StatusCreated).JSON(t)["webhook"].(map[string]any)["secret"].(string)

	b := env.NewBrowser(t)
	link := env.SignInLink(t, b, o.Email, "/dashboard")
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	secrets["sign-in link token"] = u.Query().Get("token")
	for _, ck := range b.OpenLink(t, link).Header.Values("Set-Cookie") {
		if v, ok := strings.CutPrefix(strings.SplitN(ck, ";", 2)[0], "session="); ok {
			secrets["session cookie"] = v
		}
	}

	app := env.NewOAuthApp(t, "Audit app")
	code, _ := o.Code(t, app)
	secrets["authorization code"] = code
	tok := o.Connect(t, app)
	secrets["refresh token"] = tok.RefreshToken
	secrets["access token"] = tok.AccessToken

	connect := c.Agent(t, "POST", site+"/integrations/push_platform_1/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	secrets["connect link token"] = connect[strings.LastIndex(connect, "/")+1:]
	env.Client().Do(t, "POST", strings.TrimPrefix(connect, env.URL), map[string]any{"site_url": "https://" + platformfake.DevHost, "api_token": platformfake.DevToken}).
		Expect(t, http.StatusOK)
	secrets["platform API token"] = platformfake.DevToken
	env.Settle(t)

	for name, s := range secrets {
		if len(s) < 16 {
			t.Fatalf("%s %q was not handed out", name, s)
		}
	}
	tbl := env.Stack.Graph.Table
	pages := dynamodb.NewScanPaginator(tbl.Client, &dynamodb.ScanInput{TableName: aws.String(tbl.Name)})
	items := 0
	for pages.HasMorePages() {
		out, err := pages.NextPage(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range out.Items {
			raw, _ := json.Marshal(it)
			if strings.Contains(string(raw), `"DEVMAIL#`) {
				continue
			}
			items++
			for name, s := range secrets {
				if strings.Contains(string(raw), s) {
					t.Errorf("the %s is stored as it was handed out: %.300s", name, raw)
				}
			}
		}
	}
	if items < 20 {
		t.Fatalf("read %d items of the table, too few to have looked", items)
	}
}
