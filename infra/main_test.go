package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/jsii-runtime-go"

	"rvcontent/infra/stack"
)

func TestMain(m *testing.M) {
	os.Setenv("JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION", "1")
	code := m.Run()
	jsii.Close()
	os.Exit(code)
}

func TestReadLimits(t *testing.T) {
	cases := []struct {
		name    string
		context map[string]any
		want    limits
		wantErr string
	}{
		{"defaults", nil, limits{200, 400, 10, 10}, ""},
		{"numbers, as cdk.json gives them", map[string]any{"apiRateLimit": 50, "apiBurstLimit": 80, "jobsMaxConcurrency": 4, "deliveriesMaxConcurrency": 6}, limits{50, 80, 4, 6}, ""},
		{"strings, as -c gives them", map[string]any{"apiRateLimit": "75", "apiBurstLimit": "", "jobsMaxConcurrency": "1000", "deliveriesMaxConcurrency": "20"}, limits{75, 400, 1000, 20}, ""},
		{"not a number", map[string]any{"apiBurstLimit": "lots"}, limits{}, `context apiBurstLimit: "lots" is not a whole number`},
		{"a fraction", map[string]any{"apiRateLimit": 2.5}, limits{}, "context apiRateLimit: 2.5 is not a whole number"},
		{"zero rate", map[string]any{"apiRateLimit": "0"}, limits{}, "context apiRateLimit: 0 is outside 1 to 1000000"},
		{"one job at a time", map[string]any{"jobsMaxConcurrency": 1}, limits{}, "context jobsMaxConcurrency: 1 is outside 2 to 1000"},
		{"too many deliveries workers", map[string]any{"deliveriesMaxConcurrency": 1001}, limits{}, "context deliveriesMaxConcurrency: 1001 is outside 2 to 1000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := map[string]any{}
			for k, v := range c.context {
				ctx[k] = v
			}
			got, err := readLimits(awscdk.NewApp(&awscdk.AppProps{Context: &ctx}))
			if c.wantErr != "" {
				if err == nil || err.Error() != c.wantErr {
					t.Errorf("error %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil || got != c.want {
				t.Errorf("readLimits = %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
}

func TestCheckChoices(t *testing.T) {
	for _, c := range []struct {
		context map[string]any
		wantErr string
	}{
		{nil, ""},
		{map[string]any{"lambdaArch": "x86_64", "model": "bedrock", "logLevel": "debug"}, ""},
		{map[string]any{"lambdaArch": "amd64"}, `context lambdaArch: "amd64" is not one of arm64, x86_64`},
		{map[string]any{"model": "Bedrock"}, `context model: "Bedrock" is not one of offline, bedrock`},
		{map[string]any{"logLevel": "verbose"}, `context logLevel: "verbose" is not one of debug, info, warn, error`},
	} {
		ctx := map[string]any{}
		for k, v := range c.context {
			ctx[k] = v
		}
		err := checkChoices(awscdk.NewApp(&awscdk.AppProps{Context: &ctx}))
		if (err == nil) != (c.wantErr == "") || (err != nil && err.Error() != c.wantErr) {
			t.Errorf("%v: %v, want %q", c.context, err, c.wantErr)
		}
	}
}

func TestCheckMailFrom(t *testing.T) {
	for _, ok := range []string{"no-reply@example.com", "robot@mail.example.org"} {
		if err := checkMailFrom(ok); err != nil {
			t.Errorf("%q: %v, want accepted", ok, err)
		}
	}
	for _, bad := range []string{"", "no-reply", "Acme <no-reply@acme.com>", "<no-reply@acme.com>", " no-reply@acme.com", "a@b.com, c@d.com"} {
		if err := checkMailFrom(bad); err == nil {
			t.Errorf("%q accepted; the IAM condition ses:FromAddress would refuse every mail", bad)
		}
	}
}

func TestCheckAssets(t *testing.T) {
	dir := t.TempDir()
	names := stack.FunctionNames()
	for _, name := range names[1:] {
		if err := os.WriteFile(filepath.Join(dir, name+".zip"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	err := checkAssets(dir)
	if err == nil || !strings.Contains(err.Error(), names[0]+".zip") || !strings.Contains(err.Error(), "make build") {
		t.Errorf("a missing %s.zip: %v, want it named with the way to build it", names[0], err)
	}
	if err := os.WriteFile(filepath.Join(dir, names[0]+".zip"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkAssets(dir); err != nil {
		t.Errorf("every zip there: %v", err)
	}
	if err := checkAssets(filepath.Join(dir, "missing")); err == nil {
		t.Error("a folder that does not exist is accepted")
	}
}

// TestDeployLocalSynthesizesWithItsAssets: localstack/deploy.sh builds the
// functions into a folder of its own, and every cdklocal command that
// synthesizes the app (bootstrap does too) must be told so; without
// assetDir the app looks in ../.build, which a fresh checkout lacks.
func TestDeployLocalSynthesizesWithItsAssets(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "localstack", "deploy.sh"))
	if err != nil {
		t.Fatal(err)
	}
	script := string(b)
	if !strings.Contains(script, `context=(-c assetDir="../$assets" -c lambdaArch="$arch"`) {
		t.Fatal(`deploy.sh no longer gathers its settings in context=(-c assetDir=... -c lambdaArch=...): update this test`)
	}
	commands := 0
	for _, line := range strings.Split(script, "\n") {
		for _, cmd := range []string{`"$CDKLOCAL" bootstrap`, `"$CDKLOCAL" deploy`, `"$CDKLOCAL" synth`, `"$CDKLOCAL" diff`} {
			if strings.HasPrefix(strings.TrimSpace(line), cmd) {
				commands++
				if !strings.Contains(line, `"${context[@]}"`) {
					t.Errorf("%q runs the app without the script's settings (\"${context[@]}\")", strings.TrimSpace(line))
				}
			}
		}
	}
	if commands < 2 {
		t.Errorf("found %d cdklocal commands in deploy.sh, want bootstrap and deploy", commands)
	}
}

func TestCheckStripeSecretName(t *testing.T) {
	for _, ok := range []string{"", "service/stripe", "prod-stripe"} {
		if err := checkStripeSecretName(ok); err != nil {
			t.Errorf("%q: %v, want accepted", ok, err)
		}
	}
	if err := checkStripeSecretName("arn:aws:secretsmanager:eu-west-1:123456789012:secret:service/stripe-AbCdEf"); err == nil {
		t.Error("an ARN is accepted; the grant (name-??????) would not match it")
	}
}
