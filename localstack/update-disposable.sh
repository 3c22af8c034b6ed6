#!/usr/bin/env bash
# Refreshes shared/feature/emailcheck/disposable.txt.gz from the maintained npm
# package "disposable-email-domains" (exact domains, then "*." wildcards).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent disposable-email-domains >/dev/null && tar xzf disposable-email-domains-*.tgz)
node -e '
const fs = require("fs");
const d = JSON.parse(fs.readFileSync(process.argv[1] + "/package/index.json"));
const w = JSON.parse(fs.readFileSync(process.argv[1] + "/package/wildcard.json"));
const norm = (a) => [...new Set(a.map((x) => x.trim().toLowerCase()).filter(Boolean))].sort();
process.stdout.write(norm(d).concat(norm(w).map((x) => "*." + x)).join("\n") + "\n");
' "$tmp" | gzip -9 -n > shared/feature/emailcheck/disposable.txt.gz
echo "updated shared/feature/emailcheck/disposable.txt.gz"
