package bench

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/dev/devstack"
	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
	"rvcontent/test/testenv"
)

// latencyRow is a row measured with requests sent one at a time: its p50
// against its baseline row's p50 in the same repetition.
type latencyRow struct {
	name     string
	baseline string  // the row it is compared with; empty for a baseline
	target   float64 // the highest ratio allowed; 0 for none
	rounds   bool    // report DynamoDB calls and round trips per request
	send     func(i int) int
}

// perRow is how many requests a latency row sends per repetition.
const perRow = 100

// measureRows sends perRow requests of every row, one request at a time
// and the rows taking turns (so a change of load on the machine touches
// every row alike), and summarizes each row.
func measureRows(t *testing.T, e *testenv.Env, rows []latencyRow, rep int) map[string]summary {
	settle(t, e)
	for _, row := range rows {
		for i := 0; i < 5; i++ {
			row.send(-1 - i - 10*rep) // warm the path (and, for replays, store the answer)
		}
	}
	e.Calls.Record(true)
	defer e.Calls.Record(false)
	e.Calls.Spans()
	samples := make([][]sample, len(rows))
	for i := 0; i < perRow; i++ {
		for k, row := range rows {
			start := time.Now()
			status := row.send(rep*perRow + i)
			end := time.Now()
			if status >= 300 {
				t.Fatalf("%s: status %d", row.name, status)
			}
			spans := spansWithin(e.Calls.Spans(), start, end)
			samples[k] = append(samples[k], sample{took: end.Sub(start), calls: len(spans), rounds: dynamo.Rounds(spans)})
			quiet(e)
		}
	}
	out := map[string]summary{}
	for k, row := range rows {
		out[row.name] = summarize(samples[k])
	}
	return out
}

// quiet waits (a few seconds at most) until the queues have no visible
// message and none in flight, so the background work a request caused
// (an event's fan-out) does not land in the next request's measurement.
func quiet(e *testenv.Env) {
	deadline := time.Now().Add(5 * time.Second)
	for !(e.Stack.Jobs.Idle() && e.Stack.Deliveries.Idle()) && time.Now().Before(deadline) {
		time.Sleep(200 * time.Microsecond)
	}
}

// send issues method path on the stack with the Bearer token and body and
// returns the status.
func send(e *testenv.Env, method, path, token, body string, headers ...string) int {
	var rd *strings.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	var req *http.Request
	if rd != nil {
		req, _ = http.NewRequest(method, e.URL+path, rd)
		req.Header.Set("Content-Type", "application/json")
	} else {
		req, _ = http.NewRequest(method, e.URL+path, nil)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for _, h := range headers {
		k, v, _ := strings.Cut(h, ":")
		req.Header.Set(strings.TrimSpace(k), strings.TrimSpace(v))
	}
	status, _ := timed(req)
	return status
}

// rawGets returns the baseline row, two sequential GetItems of the
// account's credential lookup item and account item with a plain client of
// the same DynamoDB Local (the floor of an authenticated read), and two
// rows that show what DynamoDB Local does with calls made at once: the
// same two GetItems at once, the calls of this design's read (the
// credential, then the budget count and the item at once), and the same
// with the items gathered into one BatchGetItem (par.Gather).
func rawGets(t *testing.T, e *testenv.Env, a *testenv.Readable) []latencyRow {
	client := devstack.NewDynamoClient(dynamotest.Endpoint(t), e.Calls)
	table := e.Stack.Graph.Config.TableName
	call := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	credential := func() {
		_, err := client.GetItem(context.Background(), &dynamodb.GetItemInput{
			TableName: aws.String(table), Key: dynamo.Key(dynamo.CredentialHashPK(credentials.Hash(a.Key)), dynamo.CredentialHashSK), ConsistentRead: aws.Bool(true),
		})
		call(err)
	}
	account := func() {
		_, err := client.GetItem(context.Background(), &dynamodb.GetItemInput{
			TableName: aws.String(table), Key: dynamo.Key(dynamo.AccountPK(a.ID), dynamo.AccountSK), ConsistentRead: aws.Bool(true),
		})
		call(err)
	}
	count := func() {
		_, err := client.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
			TableName: aws.String(table), Key: dynamo.Key(dynamo.CounterPK("bench#raw"), "0"),
			UpdateExpression:          aws.String("ADD n :one"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": &types.AttributeValueMemberN{Value: "1"}},
			ReturnValues:              types.ReturnValueUpdatedNew,
		})
		call(err)
	}
	list := func() {
		in, err := articles.SummaryQuery(a.SiteID)
		call(err)
		in.TableName, in.Limit = aws.String(table), aws.Int32(api.DefaultLimit+1)
		_, err = client.Query(context.Background(), in)
		call(err)
	}
	site := func() {
		_, err := client.GetItem(context.Background(), &dynamodb.GetItemInput{
			TableName: aws.String(table), Key: dynamo.Key(dynamo.AccountPK(a.ID), dynamo.SiteSK(a.SiteID)), ConsistentRead: aws.Bool(true),
		})
		call(err)
	}
	gathered := func() {
		out, err := client.BatchGetItem(context.Background(), &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{table: {
			Keys:           []map[string]types.AttributeValue{dynamo.Key(dynamo.CredentialHashPK(credentials.Hash(a.Key)), dynamo.CredentialHashSK), dynamo.Key(dynamo.AccountPK(a.ID), dynamo.AccountSK)},
			ConsistentRead: aws.Bool(true),
		}}})
		call(err)
		if len(out.Responses[table]) != 2 {
			t.Fatalf("BatchGetItem found %d items, want 2", len(out.Responses[table]))
		}
	}
	atOnce := func(fs ...func()) {
		var wg sync.WaitGroup
		for _, f := range fs[1:] {
			wg.Go(f)
		}
		fs[0]()
		wg.Wait()
	}
	return []latencyRow{
		{name: rawBaseline, rounds: true, send: func(int) int { credential(); account(); return http.StatusOK }},
		{name: "2 raw GetItems at once (DynamoDB Local runs calls one at a time)", baseline: rawBaseline, rounds: true, send: func(int) int {
			atOnce(credential, account)
			return http.StatusOK
		}},
		{name: "raw calls of this design: GetItem, then GetItem ∥ UpdateItem", baseline: rawBaseline, rounds: true, send: func(int) int {
			credential()
			atOnce(account, count)
			return http.StatusOK
		}},
		{name: "raw calls of this design with a known credential: GetItem ∥ GetItem ∥ UpdateItem", baseline: rawBaseline, rounds: true, send: func(int) int {
			atOnce(credential, account, count)
			return http.StatusOK
		}},
		{name: "raw calls of an articles list with a known credential: GetItem ∥ GetItem ∥ UpdateItem ∥ Query", baseline: rawBaseline, rounds: true, send: func(int) int {
			atOnce(credential, site, count, list)
			return http.StatusOK
		}},
		{name: "the same items gathered: BatchGetItem (credential, account) ∥ UpdateItem", baseline: rawBaseline, rounds: true, send: func(int) int {
			atOnce(gathered, count)
			return http.StatusOK
		}},
	}
}

// rawBaseline names the reads' baseline row.
const rawBaseline = "2 raw GetItems in a row (baseline)"

// readRows are the authenticated reads measured against rawGets.
func readRows(e *testenv.Env, a *testenv.Readable) []latencyRow {
	const base = rawBaseline
	named := strings.NewReplacer(a.SiteID, "{id}", a.ArticleID, "{id}")
	agent := func(path string) latencyRow {
		return latencyRow{name: "GET " + named.Replace(path), baseline: base, target: 1.5, rounds: true, send: func(int) int {
			return send(e, "GET", "/api/agent/v1"+path, a.Key, "")
		}}
	}
	public := func(path string) latencyRow {
		return latencyRow{name: "public GET " + named.Replace(path), baseline: base, target: 1.5, rounds: true, send: func(int) int {
			return send(e, "GET", "/api/public/v1"+path, a.SiteKey, "")
		}}
	}
	tool := func(name, args string) latencyRow {
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, name, args)
		return latencyRow{name: "MCP tools/call " + name, baseline: base, target: 1.5, rounds: true, send: func(int) int {
			return send(e, "POST", "/mcp", a.Key, body, "Accept: application/json, text/event-stream")
		}}
	}
	site := "/sites/" + a.SiteID
	return []latencyRow{
		agent("/account"), agent("/sites"), agent(site), agent(site + "/articles"),
		agent(site + "/articles/" + a.ArticleID), agent(site + "/credits"), agent(site + "/backlinks"),
		agent(site + "/forum"), agent("/events"), agent("/webhooks"), agent("/billing"),
		public("/ping"), public("/articles?limit=10"), public("/articles/" + a.ArticleID),
		tool("get_account", `{}`), tool("list_articles", fmt.Sprintf(`{"site_id":%q}`, a.SiteID)),
	}
}

// idempotencyRows are a POST with and without Idempotency-Key, and its
// replay, on account a (not the readable one, whose reads would grow with
// the articles these add).
func idempotencyRows(e *testenv.Env, a *testenv.Account) []latencyRow {
	path := "/api/agent/v1/sites/" + a.SiteID + "/articles"
	const body = `{"title":"Bench idea","keyword":"bench idea"}`
	const base = "POST /sites/{id}/articles (baseline)"
	run := time.Now().UnixNano()
	return []latencyRow{
		{name: base, send: func(int) int { return send(e, "POST", path, a.Key, body) }},
		{name: "same POST with Idempotency-Key", baseline: base, target: 1.3, send: func(i int) int {
			return send(e, "POST", path, a.Key, body, fmt.Sprintf("Idempotency-Key: bench-%d-%d", run, i))
		}},
		{name: "its replay", baseline: base, target: 1.0, send: func(int) int {
			return send(e, "POST", path, a.Key, body, fmt.Sprintf("Idempotency-Key: bench-replay-%d", run))
		}},
	}
}
