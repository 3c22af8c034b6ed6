package e2e

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/test/testenv"
)

// lockedBuffer is a log destination safe for concurrent writers.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestSecretsNeverStoredOrLogged drives every credential path, then reads
// the whole table and every log line for agent keys and claim tokens.
func TestSecretsNeverStoredOrLogged(t *testing.T) {
	env := startStack(t, nil)
	logs := &lockedBuffer{}
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	defer slog.SetDefault(prev)

	r := env.Client().Agent(t, "POST", "/accounts", signupBody(testenv.UniqueEmail("secret")), "Idempotency-Key: s-1").Expect(t, http.StatusCreated)
	created := r.JSON(t)
	first := str(t, object(t, created, "agent_key")["key"])
	claimToken := strings.TrimPrefix(str(t, created["claim_url"]), env.URL+"/claim/")
	c := env.Client().As(first)
	second := str(t, object(t, c.Agent(t, "POST", "/agent-keys", map[string]any{"name": "two"}, "Idempotency-Key: s-2").Expect(t, http.StatusCreated).JSON(t), "agent_key")["key"])
	third := newKey(t, c, "three")
	c.Agent(t, "DELETE", "/agent-keys/"+str(t, third["id"]), nil).Expect(t, http.StatusOK)
	env.Client().As(str(t, third["key"])).Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	env.Client().Agent(t, "GET", "/account?api_key="+second, nil).Expect(t, http.StatusUnauthorized)
	env.Client().Agent(t, "GET", "/account", nil, "Authorization: Bearer "+second+"x").Expect(t, http.StatusUnauthorized)
	env.Client().Agent(t, "GET", "/account", nil, "X-Api-Key: "+second).Expect(t, http.StatusUnauthorized)
	settleScan(t, &testenv.Account{Client: c, ScanJob: str(t, created["scan_job_id"])})
	env.RunScheduled(t)
	env.ArmFault(t, "after_commit", 1)
	c.Agent(t, "POST", "/account/resend-claim", nil, "Idempotency-Key: s-3").Expect(t, http.StatusInternalServerError)
	resent := str(t, c.Agent(t, "POST", "/account/resend-claim", nil, "Idempotency-Key: s-3").Expect(t, http.StatusOK).JSON(t)["claim_url"])
	env.Client().Do(t, "GET", "/claim/"+claimToken, nil).Expect(t, http.StatusOK)
	env.Client().Do(t, "POST", "/claim/"+claimToken, nil).Expect(t, http.StatusOK)
	env.RunScheduled(t)

	keys := []string{first, second, str(t, third["key"])}
	tokens := []string{claimToken, strings.TrimPrefix(resent, env.URL+"/claim/")}
	secrets := append(append([]string(nil), keys...), tokens...)
	for _, k := range keys {
		secrets = append(secrets, k[len("rv_agent_"):]) // the random part alone
	}

	items := scanTable(t, env)
	if len(items) < 10 {
		t.Fatalf("only %d items in the table", len(items))
	}
	for _, it := range items {
		pk := attrString(it["pk"])
		text := flatten(it)
		for _, s := range secrets {
			if !strings.Contains(text, s) {
				continue
			}
			isToken := s == tokens[0] || s == tokens[1]
			if isToken && strings.HasPrefix(pk, "DEVMAIL#") {
				continue // the dev outbox holds the mailed claim link, as the owner's inbox would
			}
			t.Fatalf("item %s/%s holds a secret in clear", pk, attrString(it["sk"]))
		}
	}
	logged := logs.String()
	if !strings.Contains(logged, "request") {
		t.Fatal("no request log lines were captured")
	}
	for _, s := range secrets {
		if strings.Contains(logged, s) {
			t.Fatalf("a log line holds a secret:\n%s", logged)
		}
	}
}

// scanTable reads every item of the stack's table (a test-only Scan).
func scanTable(t testing.TB, env *testenv.Env) []map[string]types.AttributeValue {
	t.Helper()
	tbl := env.Stack.Graph.Table
	var out []map[string]types.AttributeValue
	p := dynamodb.NewScanPaginator(tbl.Client, &dynamodb.ScanInput{TableName: aws.String(tbl.Name)})
	for p.HasMorePages() {
		page, err := p.NextPage(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, page.Items...)
	}
	return out
}

func attrString(av types.AttributeValue) string {
	if s, ok := av.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}

// flatten renders every string, binary and nested value of an item.
func flatten(item map[string]types.AttributeValue) string {
	var b strings.Builder
	var walk func(types.AttributeValue)
	walk = func(av types.AttributeValue) {
		switch v := av.(type) {
		case *types.AttributeValueMemberS:
			b.WriteString(v.Value + "\n")
		case *types.AttributeValueMemberB:
			b.Write(v.Value)
			b.WriteString("\n")
		case *types.AttributeValueMemberSS:
			b.WriteString(strings.Join(v.Value, "\n") + "\n")
		case *types.AttributeValueMemberL:
			for _, x := range v.Value {
				walk(x)
			}
		case *types.AttributeValueMemberM:
			for k, x := range v.Value {
				b.WriteString(k + "\n")
				walk(x)
			}
		}
	}
	for k, v := range item {
		b.WriteString(k + "\n")
		walk(v)
	}
	return b.String()
}
