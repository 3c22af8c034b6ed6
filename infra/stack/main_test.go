package stack_test

import (
	"archive/zip"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"rvcontent/infra/stack"
)

// The stacks are synthesized once for the package's tests: the default
// one, and one with Stripe and Bedrock configured.
var (
	synthesized *stack.ServiceStack
	template    assertions.Template
	tmpl        map[string]any // the template as JSON

	configured     *stack.ServiceStack
	configuredTmpl map[string]any
)

// Settings of the configured stack.
const (
	testStripeSecret = "service/stripe"
	testModelID      = "anthropic.claude-test-v1:0"
)

// testMailFrom is the MailFrom the tests deploy with.
const testMailFrom = "robot@mail.example.org"

func TestMain(m *testing.M) {
	os.Setenv("JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION", "1")
	code, err := run(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	jsii.Close()
	os.Exit(code)
}

func run(m *testing.M) (int, error) {
	assets, err := os.MkdirTemp("", "assets")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(assets)
	for _, name := range stack.FunctionNames() {
		if err := placeholderZip(filepath.Join(assets, name+".zip"), name); err != nil {
			return 0, err
		}
	}
	app := awscdk.NewApp(nil)
	env := awscdk.StackProps{Env: &awscdk.Environment{Account: jsii.String("123456789012"), Region: jsii.String("eu-west-1")}}
	synthesized = stack.NewServiceStack(app, "Test", &stack.ServiceStackProps{StackProps: env, AssetDir: assets, MailFrom: testMailFrom})
	configured = stack.NewServiceStack(app, "Configured", &stack.ServiceStackProps{
		StackProps: env, AssetDir: assets, MailFrom: testMailFrom,
		Model: stack.ModelBedrock, BedrockModelID: testModelID, StripeSecretName: testStripeSecret,
	})
	template = assertions.Template_FromStack(synthesized.Stack, nil)
	tmpl = *template.ToJSON()
	configuredTmpl = *assertions.Template_FromStack(configured.Stack, nil).ToJSON()
	return m.Run(), nil
}

// placeholderZip writes a zip holding a bootstrap that is not a program: the
// stack only needs the file to exist.
func placeholderZip(path, name string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(f)
	w, err := zw.Create("bootstrap")
	if err == nil {
		_, err = fmt.Fprintf(w, "#!/bin/sh\necho placeholder %s\n", name)
	}
	if cerr := zw.Close(); err == nil {
		err = cerr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
