#!/usr/bin/env bash
# Deploys the CDK stack to a running LocalStack with cdklocal (make
# deploy-local). Needs Docker and LocalStack (see localstack/README.md); the
# Docker-free dev stack (make run) is what tests and CI use.
#
# Settings (environment):
#   AWS_ENDPOINT_URL   LocalStack's gateway (default: cdklocal's,
#                      http://localhost.localstack.cloud:$EDGE_PORT, port 4566
#                      by default, https with USE_SSL=1); set
#                      AWS_ENDPOINT_URL_S3 with it. cdklocal 3 ignores
#                      LOCALSTACK_HOSTNAME, so this script refuses one that
#                      names another machine.
#   AWS_REGION         region to deploy to (default us-east-1)
#   LAMBDA_ARCH        arm64 or x86_64 (default: this machine's)
#   MAIL_FROM          sender address, verified in LocalStack's SES (default no-reply@example.com)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

die() {
  echo "deploy-local: $*" >&2
  exit 1
}

CACHE_DIR="${CACHE_DIR:-$ROOT/.cache}"
CDKLOCAL="$CACHE_DIR/cdk/node_modules/.bin/cdklocal"
# The address cdklocal deploys to, so the checks below ask the same gateway:
# cdklocal 3 (for CDK CLIs from 2.177 on) uses AWS_ENDPOINT_URL, else
# localhost.localstack.cloud (which resolves to 127.0.0.1) on EDGE_PORT, over
# https when USE_SSL is 1 or true. It no longer reads LOCALSTACK_HOSTNAME.
if [ -n "${AWS_ENDPOINT_URL:-}" ] && [ -z "${AWS_ENDPOINT_URL_S3:-}" ]; then
  die "AWS_ENDPOINT_URL is set: set AWS_ENDPOINT_URL_S3 too (its host must contain .s3., e.g. http://s3.localhost.localstack.cloud:4566)"
fi
case "${LOCALSTACK_HOSTNAME:-localhost}" in
  localhost | 127.0.0.1 | localhost.localstack.cloud) ;;
  *) [ -n "${AWS_ENDPOINT_URL:-}" ] ||
    die "cdklocal ignores LOCALSTACK_HOSTNAME: set AWS_ENDPOINT_URL and AWS_ENDPOINT_URL_S3 instead (e.g. http://$LOCALSTACK_HOSTNAME:${EDGE_PORT:-4566} and an s3. host that resolves to it)" ;;
esac
case "${USE_SSL:-}" in
  1 | true) scheme=https ;;
  *) scheme=http ;;
esac
ENDPOINT="${AWS_ENDPOINT_URL:-$scheme://localhost.localstack.cloud:${EDGE_PORT:-4566}}"
REGION="${AWS_REGION:-us-east-1}"
MAIL_FROM="${MAIL_FROM:-no-reply@example.com}"
export JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION=1

command -v docker >/dev/null 2>&1 ||
  die "Docker is not installed. LocalStack runs in Docker; without it, use the dev stack (make run)."
docker info >/dev/null 2>&1 ||
  die "Docker does not answer (is the daemon running, and may this user use it?)."
health=$(curl -fsS --max-time 5 "$ENDPOINT/_localstack/health" 2>/dev/null) ||
  die "LocalStack does not answer at $ENDPOINT, where cdklocal deploys (localhost.localstack.cloud must resolve to this machine, as public DNS has it). Start it: docker compose -f localstack/docker-compose.yml up -d"
info=$(curl -fsS --max-time 5 "$ENDPOINT/_localstack/info" 2>/dev/null || true)
if grep -q '"edition": *"community"' <<<"$info" && [ "${LOCALSTACK_ALLOW_COMMUNITY:-}" != 1 ]; then
  die "LocalStack at $ENDPOINT is the community edition, which has no HTTP APIs (API Gateway v2). Start the image of docker-compose.yml with LOCALSTACK_AUTH_TOKEN set (LOCALSTACK_ALLOW_COMMUNITY=1 tries anyway)."
fi
grep -q '"lambda"' <<<"$health" || echo "deploy-local: warning: LocalStack does not list lambda among its services" >&2
[ -x "$CDKLOCAL" ] || ./localstack/tools.sh --cdk-only

arch="${LAMBDA_ARCH:-}"
if [ -z "$arch" ]; then
  case "$(uname -m)" in
    aarch64 | arm64) arch=arm64 ;;
    *) arch=x86_64 ;;
  esac
fi
case "$arch" in
  arm64) goarch=arm64 ;;
  x86_64) goarch=amd64 ;;
  *) die "LAMBDA_ARCH must be arm64 or x86_64, not $arch" ;;
esac
assets=".build/localstack-$arch"
"${GO:-go}" run ./infra/buildfns -out "$assets" -arch "$goarch"

# cdklocal drops the AWS_* settings it is not told to keep (so a profile
# can never send this deployment to AWS) and points the CLI at LocalStack.
export AWS_REGION="$REGION" AWS_DEFAULT_REGION="$REGION"
export AWS_ENVAR_ALLOWLIST="AWS_REGION,AWS_DEFAULT_REGION"
# Bootstrap synthesizes the app too, so it gets the same settings as the
# deployment: without them it would look for the zips in ../.build.
context=(-c assetDir="../$assets" -c lambdaArch="$arch" -c mailFrom="$MAIL_FROM")
cd infra
"$CDKLOCAL" bootstrap "${context[@]}" "aws://000000000000/$REGION"
"$CDKLOCAL" deploy --require-approval never "${context[@]}" \
  --outputs-file cdk.out/localstack-outputs.json

# LocalStack's SES, like SES in its sandbox, sends only from verified
# identities; the AWS CLI is optional here.
if command -v aws >/dev/null 2>&1; then
  AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test aws --endpoint-url "$ENDPOINT" --region "$REGION" \
    ses verify-email-identity --email-address "$MAIL_FROM" >/dev/null &&
    echo "deploy-local: verified $MAIL_FROM in LocalStack's SES"
else
  echo "deploy-local: verify the sender before mail can go out: aws --endpoint-url $ENDPOINT ses verify-email-identity --email-address $MAIL_FROM"
fi
echo "deploy-local: outputs (ApiUrl is the service's base URL) in infra/cdk.out/localstack-outputs.json"
