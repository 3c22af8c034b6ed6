#!/usr/bin/env bash
# Fetches what the dev stack, the tests and the CDK need into .cache/
# (git-ignored): Java when missing (Debian package), DynamoDB Local (from the
# npm package amplify-dynamodb-simulator), Chromium for the browser tests
# when missing (Debian package chromium), and the CDK CLI plus cdklocal
# (from npm). Safe to run again: it skips what is already there.
# --dev-only fetches only what the dev stack needs (Java, DynamoDB Local);
# --cdk-only only the CDK CLI and cdklocal (what deploying needs: no apt-get).
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE_DIR="${CACHE_DIR:-$PWD/.cache}"
mkdir -p "$CACHE_DIR"

CDK_VERSION=2.1148.1
CDKLOCAL_VERSION=3.0.4
cdk_cli() {
  if [ ! -x "$CACHE_DIR/cdk/node_modules/.bin/cdk" ] || ! grep -q "\"version\": \"$CDK_VERSION\"" "$CACHE_DIR/cdk/node_modules/aws-cdk/package.json" 2>/dev/null ||
    ! grep -q "\"version\": \"$CDKLOCAL_VERSION\"" "$CACHE_DIR/cdk/node_modules/aws-cdk-local/package.json" 2>/dev/null; then
    echo "tools: installing the CDK CLI $CDK_VERSION and cdklocal $CDKLOCAL_VERSION"
    mkdir -p "$CACHE_DIR/cdk"
    npm install --silent --no-audit --no-fund --prefix "$CACHE_DIR/cdk" "aws-cdk@$CDK_VERSION" "aws-cdk-local@$CDKLOCAL_VERSION" >/dev/null
  fi
}
if [ "${1:-}" = "--cdk-only" ]; then
  cdk_cli
  exit 0
fi

if ! command -v java >/dev/null 2>&1; then
  echo "tools: installing Java (default-jre-headless) for DynamoDB Local"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq default-jre-headless >/dev/null
fi

CACHE_DIR="$CACHE_DIR" "${GO:-go}" run ./localstack/withdynamo -fetch-only
if [ "${1:-}" = "--dev-only" ]; then
  exit 0
fi

if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1 && [ -z "${CHROMIUM:-}" ]; then
  echo "tools: installing Chromium (chromium) for the browser tests"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

cdk_cli
