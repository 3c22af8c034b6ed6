package main

import (
	"archive/zip"
	"bytes"
	"debug/elf"
	"encoding/binary"
	"encoding/json"
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
		writeFunctionZip(t, filepath.Join(dir, name+".zip"), elf.EM_AARCH64)
	}
	err := checkAssets(dir, stack.ArchARM64)
	if err == nil || !strings.Contains(err.Error(), names[0]+".zip") || !strings.Contains(err.Error(), "make build") {
		t.Errorf("a missing %s.zip: %v, want it named with the way to build it", names[0], err)
	}
	writeFunctionZip(t, filepath.Join(dir, names[0]+".zip"), elf.EM_AARCH64)
	if err := checkAssets(dir, stack.ArchARM64); err != nil {
		t.Errorf("every zip there: %v", err)
	}
	if err := checkAssets(filepath.Join(dir, "missing"), stack.ArchARM64); err == nil {
		t.Error("a folder that does not exist is accepted")
	}
}

// TestCheckAssetsArchitecture: the app refuses zips built for another
// architecture than lambdaArch, which Lambda could not start (exec format
// error in every function). make deploy CDK_ARGS="-c lambdaArch=x86_64"
// builds arm64 zips (LAMBDA_ARCH) and the CLI's later -c wins.
func TestCheckAssetsArchitecture(t *testing.T) {
	dir := t.TempDir()
	names := stack.FunctionNames()
	for _, name := range names {
		writeFunctionZip(t, filepath.Join(dir, name+".zip"), elf.EM_AARCH64)
	}
	if err := checkAssets(dir, stack.ArchARM64); err != nil {
		t.Fatalf("arm64 zips for lambdaArch arm64: %v", err)
	}
	err := checkAssets(dir, stack.ArchX86)
	if err == nil || !strings.Contains(err.Error(), "lambdaArch") || !strings.Contains(err.Error(), "arm64") ||
		!strings.Contains(err.Error(), "LAMBDA_ARCH=x86_64") {
		t.Errorf("arm64 zips for lambdaArch x86_64: %v, want refused with the architecture they hold and LAMBDA_ARCH", err)
	}
	writeFunctionZip(t, filepath.Join(dir, names[1]+".zip"), elf.EM_X86_64)
	if err := checkAssets(dir, stack.ArchARM64); err == nil || !strings.Contains(err.Error(), names[1]+".zip") {
		t.Errorf("one x86_64 zip among arm64 ones: %v, want %s.zip named", err, names[1])
	}
	if err := os.WriteFile(filepath.Join(dir, names[1]+".zip"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkAssets(dir, stack.ArchARM64); err == nil || !strings.Contains(err.Error(), names[1]+".zip") {
		t.Errorf("a zip without a bootstrap: %v, want %s.zip named", err, names[1])
	}
}

// writeFunctionZip writes a function zip at path whose bootstrap starts
// with the ELF header of a 64-bit Linux executable for machine.
func writeFunctionZip(t *testing.T, path string, machine elf.Machine) {
	t.Helper()
	header := make([]byte, 64)
	copy(header, elf.ELFMAG)
	header[elf.EI_CLASS] = byte(elf.ELFCLASS64)
	header[elf.EI_DATA] = byte(elf.ELFDATA2LSB)
	header[elf.EI_VERSION] = byte(elf.EV_CURRENT)
	binary.LittleEndian.PutUint16(header[16:], uint16(elf.ET_EXEC))
	binary.LittleEndian.PutUint16(header[18:], uint16(machine))
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("bootstrap")
	if err == nil {
		_, err = w.Write(header)
	}
	if err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = os.WriteFile(path, buf.Bytes(), 0o644)
	}
	if err != nil {
		t.Fatal(err)
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

// TestCheckAlarmEmail: an alarmEmail that is not a bare address is refused
// before anything is synthesized; SNS would refuse the subscription in the
// middle of the deploy and roll the stack back (a first deploy leaves its
// retained table and master key behind).
func TestCheckAlarmEmail(t *testing.T) {
	for _, ok := range []string{"", "ops@example.com", "on-call+alarms@mail.example.org"} {
		if err := checkAlarmEmail(ok); err != nil {
			t.Errorf("%q: %v, want accepted", ok, err)
		}
	}
	for _, bad := range []string{"ops", "ops@", "Ops <ops@example.com>", "ops@example.com, dev@example.com", " ops@example.com"} {
		if err := checkAlarmEmail(bad); err == nil || !strings.Contains(err.Error(), "alarmEmail") {
			t.Errorf("%q: %v, want refused naming alarmEmail", bad, err)
		}
	}
}

// TestCheckBedrockModelID: a bedrockModelId that is an ARN is refused; the
// stack grants bedrock:InvokeModel on the model or inference profile an id
// names, so the functions would be denied every model call.
func TestCheckBedrockModelID(t *testing.T) {
	for _, ok := range []string{"", "anthropic.claude-3-haiku-20240307-v1:0", "eu.anthropic.claude-3-7-sonnet-20250219-v1:0"} {
		if err := checkBedrockModelID(ok); err != nil {
			t.Errorf("%q: %v, want accepted", ok, err)
		}
	}
	for _, bad := range []string{
		"arn:aws:bedrock:eu-west-1::foundation-model/anthropic.claude-3-haiku-20240307-v1:0",
		"arn:aws:bedrock:eu-west-1:123456789012:application-inference-profile/abc123",
	} {
		if err := checkBedrockModelID(bad); err == nil || !strings.Contains(err.Error(), "bedrockModelId") {
			t.Errorf("%q: %v, want refused naming bedrockModelId", bad, err)
		}
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

// TestCheckStackName: a stackName CloudFormation would not take (it must
// start with a letter and hold only letters, digits and hyphens, 128 at
// most) is refused with the setting and what it accepts before anything is
// synthesized. Before, the CDK's own check stopped the app with a Go panic
// and a goroutine trace ("panic: Stack name must match the regular
// expression ..."), unlike every other setting.
func TestCheckStackName(t *testing.T) {
	for _, ok := range []string{"ContentService", "content-service-staging", "A", strings.Repeat("a", 128)} {
		if err := checkStackName(ok); err != nil {
			t.Errorf("%q: %v, want accepted", ok, err)
		}
	}
	for _, bad := range []string{"content_service", "Content Service", "1content", "-content", "contént", strings.Repeat("a", 129)} {
		if err := checkStackName(bad); err == nil || !strings.Contains(err.Error(), "context stackName") {
			t.Errorf("%q: %v, want refused naming stackName", bad, err)
		}
	}
}

// TestCDKAppRunsTheMakeGo: the CDK CLI runs this app with the Go command
// the GO make variable names (README, "Make targets": "Make variables: GO
// (the Go command, default go)"), as make build does; the CLI runs the app
// command through a shell, so cdk.json's app reads ${GO:-go}. Before, it
// was "go run .": make synth, bootstrap and deploy GO=/path/to/go compiled
// the app with the go of PATH, or failed where PATH has none.
func TestCDKAppRunsTheMakeGo(t *testing.T) {
	b, err := os.ReadFile("cdk.json")
	if err != nil {
		t.Fatal(err)
	}
	var cdk struct {
		App string `json:"app"`
	}
	if err := json.Unmarshal(b, &cdk); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(cdk.App, "${GO:-go} ") {
		t.Errorf("cdk.json app %q does not run ${GO:-go}", cdk.App)
	}
}
