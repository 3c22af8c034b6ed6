# Set-up is two commands: `make run` starts the dev stack, `make test` runs
# every test. Both fetch what they need into .cache/ (git-ignored).

SHELL := /usr/bin/env bash
GO ?= go
CACHE_DIR := $(if $(CACHE_DIR),$(CACHE_DIR),$(CURDIR)/.cache)
export CACHE_DIR
export JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION := 1
export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION := 20
# Extra CDK CLI arguments, e.g. CDK_ARGS="-c mailFrom=no-reply@yourdomain.com".
CDK_ARGS ?=
export GOFLAGS ?= -buildvcs=false
CDK := $(CACHE_DIR)/cdk/node_modules/.bin/cdk
CDKLOCAL := $(CACHE_DIR)/cdk/node_modules/.bin/cdklocal

.PHONY: help tools run test test-unit build synth deploy deploy-local lint bench update-disposable clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-18s %s\n", $$1, $$2}'

tools: ## fetch Java (if missing), DynamoDB Local and the CDK CLI into .cache/
	@./localstack/tools.sh

# The stack runs as make's own child (built, then exec'd), so a SIGTERM to
# make reaches it and make returns only once DynamoDB Local has stopped.
run: ## start the dev stack on http://127.0.0.1:$${PORT:-8080} (DATA_DIR=dir to persist); fetches Java and DynamoDB Local when missing
	@./localstack/tools.sh --dev-only
	@$(GO) build -o "$(CACHE_DIR)/bin/devstack" ./localstack/devstack
	@exec "$(CACHE_DIR)/bin/devstack"

test: tools lint ## run every test: unit, DynamoDB Local, end-to-end, Lambda edges, CDK assertions, cdk synth
	$(GO) run ./localstack/withdynamo -- $(GO) test -count=1 -timeout 20m ./...
	$(MAKE) synth

test-unit: ## run the tests that need no DynamoDB Local (quick)
	$(GO) test -count=1 -short ./shared/...

build: ## build every Lambda as a linux/arm64 bootstrap zip in .build/
	$(GO) run ./infra/buildfns -out .build

synth: build tools ## synthesize the CloudFormation template into infra/cdk.out
	cd infra && $(CDK) synth --quiet $(CDK_ARGS)

deploy: build tools ## deploy to the AWS account of the current credentials (cdk deploy)
	cd infra && $(CDK) deploy --require-approval never $(CDK_ARGS)

deploy-local: build tools ## deploy to a running LocalStack (needs Docker; see localstack/README.md)
	./localstack/deploy.sh

lint: ## gofmt and go vet
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './.cache/*')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

bench: tools ## benchmarks: requests per second, latency and DynamoDB calls per request on the dev stack
	$(GO) run ./localstack/withdynamo -- $(GO) test -run '^$$' -bench . -benchtime 3s ./test/bench/

update-disposable: ## refresh the disposable email domain list from npm
	./localstack/update-disposable.sh

clean: ## remove build outputs (keeps downloaded tools)
	rm -rf .build infra/cdk.out
