#!/usr/bin/env bash
# Smoke-tests the built CLI on Node 22 and 24 (the suite itself runs on the machine's Node 20): installs the
# node@22 / node@24 packages from the npm registry into a temporary folder and runs real commands with them
# against an emulator (run by the machine's Node, whose ABI the native SQLite module was built for).
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'kill "${emulator_pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --no-audit --no-fund node22@npm:node@22 node24@npm:node@24 >/dev/null 2>&1)
export PAYCTL_CONFIG_DIR="$work/config" PAYCTL_DATA_DIR="$work/data"
node bin/run.js emulator start --port 0 --data :memory: --json > "$work/emulator.json" &
emulator_pid=$!
for _ in $(seq 1 100); do [ -s "$work/emulator.json" ] && break; sleep 0.1; done
export PAYCTL_ORIGIN="$(node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).url)' "$work/emulator.json")"
for version in 22 24; do
  runtime="$work/node_modules/node$version/bin/node"
  echo "== $("$runtime" --version)"
  "$runtime" bin/run.js --version
  "$runtime" bin/run.js payouts list --help >/dev/null
  "$runtime" bin/run.js api POST /api/v2/payouts -d '{"description":"matrix","amount":"1.00","currency":"EUR","recipient":{"type":"email","email":"m@example.com"}}' >/dev/null
  count="$("$runtime" bin/run.js payouts list --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).length))')"
  echo "payouts visible on Node $version: $count"
done
