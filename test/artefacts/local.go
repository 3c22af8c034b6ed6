package artefacts

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"rvcontent/shared/platform/dynamo"
)

// Local stand-ins of the template's resources.
const (
	// Region and AccountID are the functions' AWS_REGION and the account of
	// the ARNs moto hands out.
	Region    = "us-east-1"
	AccountID = "123456789012"
	// BaseURL stands for the HTTP API's endpoint (BASE_URL). It differs
	// from the host of the sample events, so an answer built from it proves
	// the function read BASE_URL.
	BaseURL = "https://artefacts.execute-api.us-east-1.amazonaws.com"
	// StripeWebhookSecret is the webhook_secret of the Stripe secret when
	// the template names one (STRIPE_SECRET_ID).
	StripeWebhookSecret = "whsec_artefacts_0123456789abcdef"
)

// Dummy credentials: DynamoDB Local and moto accept any.
const (
	accessKeyID     = "artefacts"
	secretAccessKey = "artefacts"
)

// literalSecrets holds the content of a secret a function names by a
// literal (not a resource of the template): an existing secret the stack
// expects, by the variable that names it.
var literalSecrets = map[string]string{
	"STRIPE_SECRET_ID": `{"webhook_secret":"` + StripeWebhookSecret + `"}`,
}

// Local is the template's resources made on local stand-ins: its table on
// DynamoDB Local, its queues and secrets on moto, and the SES identity of
// each MAIL_FROM.
type Local struct {
	// DynamoDB is DynamoDB Local's endpoint; Moto serves SQS, SES and
	// Secrets Manager; Lambda serves the Invoke API (register the
	// functions' emulators with it).
	DynamoDB string
	Moto     *Moto
	Lambda   *LambdaAPI
	// SQS, Secrets and SES are clients of moto.
	SQS     *sqs.Client
	Secrets *secretsmanager.Client
	SES     *sesv2.Client

	tmpl *Template
	// made holds the local value of each resource attribute, by
	// "<logical id>" (Ref) or "<logical id>.<attribute>" (Fn::GetAtt).
	made map[string]string
	// Made lists what NewLocal created, one line each.
	Made []string
}

// NewLocal creates every resource the functions of t refer to in their
// environment: a table with the service's schema (dynamo.TableSchema, the
// one the CDK stack builds its table from) on the DynamoDB Local at
// dynamoEndpoint, queues and secrets on m, a verified SES identity for
// each MAIL_FROM, and a local Invoke API for the functions they name.
// Close stops the Invoke API.
func NewLocal(ctx context.Context, t *Template, dynamoEndpoint string, m *Moto) (*Local, error) {
	creds := credentials.NewStaticCredentialsProvider(accessKeyID, secretAccessKey, "")
	lambdaAPI, err := StartLambdaAPI()
	if err != nil {
		return nil, err
	}
	l := &Local{
		Lambda:   lambdaAPI,
		DynamoDB: dynamoEndpoint, Moto: m, tmpl: t, made: map[string]string{},
		SQS:     sqs.New(sqs.Options{Region: Region, Credentials: creds, BaseEndpoint: aws.String(m.Endpoint)}),
		Secrets: secretsmanager.New(secretsmanager.Options{Region: Region, Credentials: creds, BaseEndpoint: aws.String(m.Endpoint)}),
		SES:     sesv2.New(sesv2.Options{Region: Region, Credentials: creds, BaseEndpoint: aws.String(m.Endpoint)}),
	}
	if err := l.prepareAll(ctx); err != nil {
		l.Close()
		return nil, err
	}
	sort.Strings(l.Made)
	return l, nil
}

// prepareAll creates what the functions' environments refer to.
func (l *Local) prepareAll(ctx context.Context) error {
	identities := map[string]bool{}
	for _, f := range l.tmpl.Functions {
		for name, v := range f.Env {
			if err := l.prepare(ctx, v); err != nil {
				return fmt.Errorf("%s: %s: %w", f.Name, name, err)
			}
			s, literal := v.(string)
			if literal && strings.HasSuffix(name, "_SECRET_ID") {
				if err := l.literalSecret(ctx, name, s); err != nil {
					return fmt.Errorf("%s: %s: %w", f.Name, name, err)
				}
			}
			if literal && name == "MAIL_FROM" && !identities[s] {
				identities[s] = true
				if _, err := l.SES.CreateEmailIdentity(ctx, &sesv2.CreateEmailIdentityInput{EmailIdentity: aws.String(s)}); err != nil {
					return fmt.Errorf("SES identity %s: %w", s, err)
				}
				l.Made = append(l.Made, "SES identity "+s)
			}
		}
	}
	return nil
}

// Close stops the local Invoke API.
func (l *Local) Close() { l.Lambda.Close() }

// FunctionNames returns the names the local Invoke API should know f by:
// its folder name, which a reference to it resolves to (see create), and
// its logical id.
func (l *Local) FunctionNames(f Function) []string {
	return []string{f.Name, f.LogicalID}
}

// prepare creates the resources intrinsic v refers to.
func (l *Local) prepare(ctx context.Context, v any) error {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	for fn, arg := range m {
		switch fn {
		case "Ref":
			id, _ := arg.(string)
			if _, pseudo := pseudoParameters[id]; pseudo {
				continue
			}
			if err := l.create(ctx, id); err != nil {
				return err
			}
		case "Fn::GetAtt":
			parts, _ := arg.([]any)
			if len(parts) != 2 {
				return fmt.Errorf("Fn::GetAtt %v: want [logical id, attribute]", arg)
			}
			id, _ := parts[0].(string)
			if err := l.create(ctx, id); err != nil {
				return err
			}
		case "Fn::Join":
			parts, _ := arg.([]any)
			if len(parts) != 2 {
				return fmt.Errorf("Fn::Join %v: want [separator, values]", arg)
			}
			values, _ := parts[1].([]any)
			for _, p := range values {
				if err := l.prepare(ctx, p); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// create makes the local stand-in of resource id once.
func (l *Local) create(ctx context.Context, id string) error {
	if _, done := l.made[id]; done {
		return nil
	}
	r, ok := l.tmpl.Resources[id]
	if !ok {
		return fmt.Errorf("the template has no resource %s", id)
	}
	switch r.Type {
	case "AWS::DynamoDB::Table":
		name := fmt.Sprintf("artefacts-%s-%d", id, time.Now().UnixNano())
		client := dynamodb.New(dynamodb.Options{
			Region: Region, BaseEndpoint: aws.String(l.DynamoDB),
			Credentials: credentials.NewStaticCredentialsProvider(accessKeyID, secretAccessKey, ""),
		})
		if err := dynamo.TableSchema.Ensure(ctx, client, name); err != nil {
			return fmt.Errorf("create table %s on DynamoDB Local: %w", name, err)
		}
		l.made[id] = name
		l.made[id+".Arn"] = fmt.Sprintf("arn:aws:dynamodb:%s:%s:table/%s", Region, AccountID, name)
		l.Made = append(l.Made, fmt.Sprintf("table %s (DynamoDB Local) for %s", name, id))
	case "AWS::SQS::Queue":
		out, err := l.SQS.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String(id)})
		if err != nil {
			return fmt.Errorf("create queue %s: %w", id, err)
		}
		l.made[id] = *out.QueueUrl
		l.made[id+".QueueUrl"] = *out.QueueUrl
		l.made[id+".QueueName"] = id
		l.made[id+".Arn"] = fmt.Sprintf("arn:aws:sqs:%s:%s:%s", Region, AccountID, id)
		l.Made = append(l.Made, "queue "+*out.QueueUrl)
	case "AWS::SecretsManager::Secret":
		value, err := secretValue(r)
		if err != nil {
			return fmt.Errorf("secret %s: %w", id, err)
		}
		out, err := l.Secrets.CreateSecret(ctx, &secretsmanager.CreateSecretInput{Name: aws.String(id), SecretString: aws.String(value)})
		if err != nil {
			return fmt.Errorf("create secret %s: %w", id, err)
		}
		l.made[id] = *out.ARN
		l.Made = append(l.Made, fmt.Sprintf("secret %s (%d characters)", *out.ARN, len(value)))
	case "AWS::Lambda::Function":
		// Ref gives the function's name; the local Invoke API knows each
		// function by its folder name (FunctionNames).
		name := ""
		for _, f := range l.tmpl.Functions {
			if f.LogicalID == id {
				name = f.Name
			}
		}
		if name == "" {
			return fmt.Errorf("%s is not one of the template's functions", id)
		}
		l.made[id] = name
		l.made[id+".Arn"] = fmt.Sprintf("arn:aws:lambda:%s:%s:function:%s", Region, AccountID, name)
		l.Made = append(l.Made, fmt.Sprintf("function name %s for %s (local Invoke API %s)", name, id, l.Lambda.Endpoint))
	case "AWS::ApiGatewayV2::Api":
		l.made[id] = "artefacts"
		l.made[id+".ApiEndpoint"] = BaseURL
		l.made[id+".ApiId"] = "artefacts"
	default:
		return fmt.Errorf("no local stand-in for %s (%s): teach test/artefacts/local.go", id, r.Type)
	}
	return nil
}

// literalSecret creates the existing secret a function names by a literal.
func (l *Local) literalSecret(ctx context.Context, variable, name string) error {
	value, ok := literalSecrets[variable]
	if !ok {
		return fmt.Errorf("no local content for the secret %q it names: add one to literalSecrets in test/artefacts/local.go", name)
	}
	if _, done := l.made["literal:"+name]; done {
		return nil
	}
	if _, err := l.Secrets.CreateSecret(ctx, &secretsmanager.CreateSecretInput{Name: aws.String(name), SecretString: aws.String(value)}); err != nil {
		return fmt.Errorf("create secret %s: %w", name, err)
	}
	l.made["literal:"+name] = name
	l.Made = append(l.Made, "secret "+name+" for "+variable)
	return nil
}

// secretValue returns the value a secret resource holds: its SecretString,
// or a generated one as its GenerateSecretString asks (letters and digits
// of PasswordLength, 32 by default).
func secretValue(r Resource) (string, error) {
	var p struct {
		SecretString         *string `json:"SecretString"`
		GenerateSecretString *struct {
			PasswordLength       int    `json:"PasswordLength"`
			SecretStringTemplate string `json:"SecretStringTemplate"`
			GenerateStringKey    string `json:"GenerateStringKey"`
		} `json:"GenerateSecretString"`
	}
	if err := json.Unmarshal(r.Properties, &p); err != nil {
		return "", err
	}
	switch {
	case p.SecretString != nil:
		return *p.SecretString, nil
	case p.GenerateSecretString != nil && p.GenerateSecretString.SecretStringTemplate == "":
		n := p.GenerateSecretString.PasswordLength
		if n == 0 {
			n = 32
		}
		const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
		b := make([]byte, n)
		_, _ = rand.Read(b)
		for i := range b {
			b[i] = alphabet[int(b[i])%len(alphabet)]
		}
		return string(b), nil
	}
	return "", fmt.Errorf("neither SecretString nor a plain GenerateSecretString")
}

// pseudoParameters are CloudFormation's pseudo parameters, locally.
var pseudoParameters = map[string]string{
	"AWS::Region":    Region,
	"AWS::AccountId": AccountID,
	"AWS::Partition": "aws",
	"AWS::URLSuffix": "amazonaws.com",
	"AWS::StackName": "ContentService",
}

// resolve returns the local value of an environment value: a string as it
// is, an intrinsic function resolved against the stand-ins.
func (l *Local) resolve(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case float64, bool:
		return fmt.Sprint(v), nil
	case map[string]any:
		if len(v) != 1 {
			return "", fmt.Errorf("%v is not one intrinsic function", v)
		}
		for fn, arg := range v {
			switch fn {
			case "Ref":
				id, _ := arg.(string)
				if p, ok := pseudoParameters[id]; ok {
					return p, nil
				}
				if s, ok := l.made[id]; ok {
					return s, nil
				}
			case "Fn::GetAtt":
				parts, _ := arg.([]any)
				if len(parts) == 2 {
					if s, ok := l.made[fmt.Sprintf("%v.%v", parts[0], parts[1])]; ok {
						return s, nil
					}
				}
			case "Fn::Join":
				parts, _ := arg.([]any)
				if len(parts) == 2 {
					sep, _ := parts[0].(string)
					values, _ := parts[1].([]any)
					var out []string
					for _, p := range values {
						s, err := l.resolve(p)
						if err != nil {
							return "", err
						}
						out = append(out, s)
					}
					return strings.Join(out, sep), nil
				}
			}
			return "", fmt.Errorf("no local value for %s %v: teach test/artefacts/local.go", fn, arg)
		}
	}
	return "", fmt.Errorf("unexpected value %v", v)
}

// Env returns the environment of function f: its template variables with
// every reference resolved to the local stand-ins, the AWS region and dummy
// credentials, the SDK's per-service endpoint variables pointing at the
// stand-ins, and the variables Lambda itself sets that a function may read.
func (l *Local) Env(f Function) (map[string]string, error) {
	env := map[string]string{}
	for name, v := range f.Env {
		s, err := l.resolve(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", f.Name, name, err)
		}
		env[name] = s
	}
	for k, v := range map[string]string{
		"AWS_REGION":                       Region,
		"AWS_DEFAULT_REGION":               Region,
		"AWS_ACCESS_KEY_ID":                accessKeyID,
		"AWS_SECRET_ACCESS_KEY":            secretAccessKey,
		"AWS_ENDPOINT_URL_DYNAMODB":        l.DynamoDB,
		"AWS_ENDPOINT_URL_SQS":             l.Moto.Endpoint,
		"AWS_ENDPOINT_URL_SESV2":           l.Moto.Endpoint,
		"AWS_ENDPOINT_URL_SECRETS_MANAGER": l.Moto.Endpoint,
		"AWS_ENDPOINT_URL_BEDROCK_RUNTIME": l.Moto.Endpoint,
		"AWS_ENDPOINT_URL_LAMBDA":          l.Lambda.Endpoint,
		"AWS_LAMBDA_FUNCTION_NAME":         f.Name,
		"AWS_LAMBDA_FUNCTION_VERSION":      "$LATEST",
		"AWS_LAMBDA_FUNCTION_MEMORY_SIZE":  strconv.Itoa(f.MemoryMB),
		"AWS_LAMBDA_FUNCTION_TIMEOUT":      strconv.Itoa(f.TimeoutSeconds),
		"AWS_LAMBDA_LOG_GROUP_NAME":        "/aws/lambda/" + f.Name,
		"AWS_LAMBDA_LOG_STREAM_NAME":       "artefacts",
		"AWS_EXECUTION_ENV":                "AWS_Lambda_provided.al2023",
		"LAMBDA_TASK_ROOT":                 "/var/task",
		"TZ":                               ":UTC",
		"PATH":                             "/usr/local/bin:/usr/bin:/bin",
	} {
		if _, set := env[k]; !set {
			env[k] = v
		}
	}
	return env, nil
}

// Environ turns env into os/exec's form, sorted.
func Environ(env map[string]string) []string {
	out := make([]string, 0, len(env))
	for k, v := range env {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}

// SentMails returns how many emails moto's SES has accepted so far, from
// the SES (v1) GetSendQuota action, which counts what SES v2 sends too.
func (l *Local) SentMails(ctx context.Context) (int, error) {
	form := url.Values{"Action": {"GetSendQuota"}, "Version": {"2010-12-01"}}
	req, err := http.NewRequestWithContext(ctx, "POST", l.Moto.Endpoint+"/", strings.NewReader(form.Encode()))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	// moto picks the service from the signature's credential scope.
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential="+accessKeyID+"/20260101/"+Region+"/ses/aws4_request, SignedHeaders=host, Signature=0")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	body := string(raw)
	_, rest, ok := strings.Cut(body, "<SentLast24Hours>")
	value, _, ok2 := strings.Cut(rest, "</SentLast24Hours>")
	if resp.StatusCode != http.StatusOK || !ok || !ok2 {
		return 0, fmt.Errorf("GetSendQuota: %d %s", resp.StatusCode, body)
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
	return int(f), err
}

// DynamoDBEndpoint returns the DynamoDB Local that make starts
// (DYNAMODB_ENDPOINT, see localstack/withdynamo).
func DynamoDBEndpoint() (string, error) {
	if e := os.Getenv("DYNAMODB_ENDPOINT"); e != "" {
		return e, nil
	}
	return "", fmt.Errorf("DYNAMODB_ENDPOINT is not set: run under go run ./localstack/withdynamo -- ...")
}
