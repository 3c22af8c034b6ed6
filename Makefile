# Set-up is two commands: `make run` starts the dev stack, `make test` runs
# every test. Both fetch what they need into .cache/ (git-ignored).

SHELL := /usr/bin/env bash
GO ?= go
# The scripts under localstack/ run Go as $GO too.
export GO
CACHE_DIR := $(if $(CACHE_DIR),$(CACHE_DIR),$(CURDIR)/.cache)
export CACHE_DIR
export JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION := 1
export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION := 20
# Extra CDK CLI arguments, e.g. CDK_ARGS="-c mailFrom=no-reply@yourdomain.com".
CDK_ARGS ?=
export GOFLAGS ?= -buildvcs=false
# The functions' architecture: arm64 (default) or x86_64; make build
# builds for it and synth, bootstrap and deploy pass it to the stack.
LAMBDA_ARCH ?= arm64
GOARCH_OF_LAMBDA := $(if $(filter x86_64,$(LAMBDA_ARCH)),amd64,arm64)
CDK := $(CACHE_DIR)/cdk/node_modules/.bin/cdk
CDKLOCAL := $(CACHE_DIR)/cdk/node_modules/.bin/cdklocal

.PHONY: help tools cdk-cli run test test-unit build synth bootstrap deploy deploy-local lint bench update-disposable clean generate openapi

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-18s %s\n", $$1, $$2}'

tools: ## fetch Java (if missing), DynamoDB Local and the CDK CLI into .cache/, Chromium when missing
	@./localstack/tools.sh

# The stack runs as make's own child (built, then exec'd), so a SIGTERM to
# make reaches it and make returns only once DynamoDB Local has stopped; on
# a SIGINT to make alone (make passes none on) the stack sees make ending
# and stops too (devstack.ParentEnding).
# What fetching prints goes to standard error: standard output carries only
# the stack's "ready: http://127.0.0.1:PORT" line.
run: ## start the dev stack on http://127.0.0.1:PORT (8080 by default; DATA_DIR=dir to persist); fetches Java and DynamoDB Local when missing
	@./localstack/tools.sh --dev-only >&2
	@$(GO) build -o "$(CACHE_DIR)/bin/devstack" ./localstack/devstack
	@exec "$(CACHE_DIR)/bin/devstack"

test: tools lint openapi ## run every test: unit, DynamoDB Local, end-to-end, Lambda edges, CDK assertions, cdk synth
	$(GO) run ./localstack/withdynamo -- $(GO) test -count=1 -timeout 20m ./...
	$(MAKE) synth
	$(MAKE) lint-template
	$(MAKE) test-artefacts

test-unit: ## run the tests that need no DynamoDB Local (quick)
	$(GO) test -count=1 -short ./shared/...

build: ## build every Lambda as a linux bootstrap zip in .build/ (LAMBDA_ARCH, default arm64)
	$(GO) run ./infra/buildfns -out .build -arch $(GOARCH_OF_LAMBDA)

cdk-cli: ## fetch only the CDK CLI (and cdklocal) into .cache/: what deploying needs
	@./localstack/tools.sh --cdk-only

synth: build cdk-cli ## synthesize the CloudFormation template into infra/cdk.out (dropping older syntheses' copies of the zips)
	rm -f infra/cdk.out/asset.*
	cd infra && $(CDK) synth --quiet -c lambdaArch=$(LAMBDA_ARCH) $(CDK_ARGS)

bootstrap: build cdk-cli ## bootstrap the CDK in the current account and region (once per account and region)
	cd infra && $(CDK) bootstrap -c lambdaArch=$(LAMBDA_ARCH) $(CDK_ARGS)

deploy: build cdk-cli ## deploy to the AWS account of the current credentials (cdk deploy; asks before IAM changes)
	cd infra && $(CDK) deploy -c lambdaArch=$(LAMBDA_ARCH) $(CDK_ARGS)

deploy-local: cdk-cli ## deploy to a running LocalStack (needs Docker; see localstack/README.md)
	./localstack/deploy.sh

OPENAPI_SPEC_VALIDATOR_VERSION := 0.9.0

openapi: ## validate the two OpenAPI documents as OpenAPI 3.1 (installs openapi-spec-validator with pip if missing)
	@python3 -c "import openapi_spec_validator" 2>/dev/null || python3 -m pip install --quiet "openapi-spec-validator==$(OPENAPI_SPEC_VALIDATOR_VERSION)"
	python3 -m openapi_spec_validator shared/edge/openapi/agent-api.json shared/edge/openapi/public-articles-api.json

generate: ## write what the endpoint catalog makes: the API route table, the OpenAPI documents, the MCP bundle, the README's generated parts
	$(GO) run ./shared/edge/catalog/gen

lint: ## gofmt, go vet, and go.mod and go.sum tidy
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './.cache/*')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	@$(GO) mod tidy -diff || { echo "go.mod or go.sum is not tidy: run go mod tidy"; exit 1; }

bench: tools hey ## benchmarks: the hot-path table (ratios to raw baselines, fan-out rates), requests per second, latency and DynamoDB calls per request on the dev stack; draining 10,000 due renewals
	$(GO) run ./localstack/withdynamo -- env BENCH_TABLE=1 BENCH_OUT="$(CACHE_DIR)/bench/hotpath.md" HEY="$(HEY)" \
	  $(GO) test -count=1 -timeout 60m -run '^TestRatioTable$$' -v ./test/bench/
	$(GO) run ./localstack/withdynamo -- $(GO) test -run '^$$' -bench . -benchtime 3s -timeout 40m ./test/bench/
	$(GO) test -run '^$$' -bench . -benchtime 3s ./shared/edge/mcpserver/
	$(MAKE) bench-coldstart

update-disposable: ## refresh the disposable email domain list from npm
	./localstack/update-disposable.sh

clean: ## remove build outputs (keeps downloaded tools)
	rm -rf .build infra/cdk.out

# Lean Lambdas: the built functions under the official Lambda Runtime
# Interface Emulator, the template's lint, and cold starts and sizes.
RIE_VERSION := v0.0.0-20261030222936-bef5c4ba774d
RIE := $(CACHE_DIR)/bin/aws-lambda-rie
HEY_VERSION := v0.1.5
HEY := $(CACHE_DIR)/bin/hey
CFN_LINT_VERSION := 1.51.0
MOTO_VERSION := 5.2.1

.PHONY: rie hey moto lint-template test-artefacts bench-coldstart

hey: ## fetch the hey load generator (pinned) into .cache/bin/ for the bench's adapter row
	@if [ ! -x "$(HEY)" ] || [ ! -f "$(HEY).$(HEY_VERSION)" ]; then \
	  echo "GOBIN=$(CACHE_DIR)/bin $(GO) install github.com/rakyll/hey@$(HEY_VERSION)"; \
	  GOBIN="$(CACHE_DIR)/bin" $(GO) install github.com/rakyll/hey@$(HEY_VERSION) && \
	  rm -f "$(HEY)".v* && touch "$(HEY).$(HEY_VERSION)"; \
	fi

rie: ## fetch the Lambda Runtime Interface Emulator (pinned) into .cache/bin/
	@if [ ! -x "$(RIE)" ] || [ ! -f "$(RIE).$(RIE_VERSION)" ]; then \
	  echo "GOBIN=$(CACHE_DIR)/bin $(GO) install github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie@$(RIE_VERSION)"; \
	  GOBIN="$(CACHE_DIR)/bin" $(GO) install github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie@$(RIE_VERSION) && \
	  rm -f "$(RIE)".v* && touch "$(RIE).$(RIE_VERSION)"; \
	fi

moto: ## install moto_server (the AWS fake the functions' SQS, SES and Secrets Manager calls reach) with pip if missing
	@command -v moto_server >/dev/null 2>&1 || python3 -m pip install --quiet "moto[server]==$(MOTO_VERSION)"

lint-template: ## cfn-lint the synthesized template (after synth; settings in infra/.cfnlintrc); installs cfn-lint with pip if missing
	@command -v cfn-lint >/dev/null 2>&1 || python3 -m pip install --quiet "cfn-lint==$(CFN_LINT_VERSION)"
	@ls infra/cdk.out/*.template.json >/dev/null 2>&1 || { echo "no template in infra/cdk.out: run make synth"; exit 1; }
	@if command -v cfn-lint >/dev/null 2>&1; then lint=cfn-lint; else lint="python3 -m cfnlint"; fi; \
	echo "$$lint --config-file infra/.cfnlintrc -- infra/cdk.out/*.template.json"; \
	$$lint --config-file infra/.cfnlintrc -- infra/cdk.out/*.template.json

test-artefacts: rie moto ## run every function of the synthesized template under RIE with its environment (after synth)
	ARTEFACTS=1 AWS_LAMBDA_RIE="$(RIE)" $(GO) run ./localstack/withdynamo -- $(GO) test -count=1 -timeout 10m ./test/artefacts/

bench-coldstart: synth moto ## cold start (against an empty function) and size of every function; writes .cache/bench/coldstart.md
	$(GO) run ./localstack/withdynamo -- $(GO) run ./test/coldstart -out "$(CACHE_DIR)/bench/coldstart.md"
