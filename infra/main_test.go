package main

import (
	"os"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/jsii-runtime-go"
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
