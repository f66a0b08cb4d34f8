#!/usr/bin/env bash
# CI: builds the single executable (`npm run build:exe`; run `npm run build` first) and runs it as an operator
# would: a smoke test from an empty folder (version, which scripts run with their code caches, help, a profile, an
# unknown command, the emulator, a list, an import, --jq), then the emulator suite with its CLI processes started
# from the executable (PAYCTL_TEST_EXE), on Node 24.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build:exe
exe="$PWD/dist/exe/payctl"
version="$(node -p 'require("./package.json").version')"
echo "== smoke test of dist/exe/payctl ($(du -m "$exe" | cut -f1) MiB)"
work="$(mktemp -d)"
trap 'kill "${emulator_pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
cp "$exe" "$work/payctl"
cp examples/payouts.csv "$work/"
cd "$work"
export PAYCTL_CONFIG_DIR="$work/config" PAYCTL_DATA_DIR="$work/data" PAYCTL_CACHE_DIR="$work/cache"
./payctl --version | grep -qx "payctl/$version linux-x64 node-v24\.[0-9.]*"
# Start-up runs the core script alone, with its code cache.
test "$(PAYCTL_SCRIPTS_DEBUG=1 ./payctl --version 2>&1 >/dev/null)" = "payctl: script core, code cache accepted"
./payctl --help | grep -q "payouts"
# A write of the config takes its lock (node:crypto, loaded by import() inside the scripts).
./payctl profiles add smoke --origin http://127.0.0.1:9 --environment sandbox >/dev/null 2>&1
./payctl profiles list --jq '.[].name' | grep -qx smoke
./payctl payouts list --help | grep -q "RE-RUN (CRON, RETRIES)"
if ./payctl payouts lst 2> unknown.txt; then exit 1; else test $? -eq 2; fi
grep -q "payouts list" unknown.txt
./payctl emulator start --port 0 --data :memory: --json > emulator.json &
emulator_pid=$!
for _ in $(seq 1 100); do [ -s emulator.json ] && break; sleep 0.1; done
export PAYCTL_ORIGIN="$(sed -E 's/.*"url":"([^"]*)".*/\1/' emulator.json)"
test "$(PAYCTL_SCRIPTS_DEBUG=1 ./payctl payouts list --json 2> scripts.txt)" = "[]"
# A command adds the commands script, with its own code cache.
grep -qx "payctl: script commands, code cache accepted" scripts.txt
./payctl payouts import payouts.csv --json > import.json
grep -q '"created": 8' import.json
test "$(./payctl payouts list --jq '.[].id' | wc -l)" -eq 8
kill "$emulator_pid"; wait "$emulator_pid" || true
echo "smoke test ok"
cd - >/dev/null

node24="$(node -e 'import("./scripts/node24.js").then(m => console.log(m.node24()))')"
echo "== test/emulator with the executable, on Node $("$node24" --version)"
PAYCTL_TEST_EXE="$exe" "$node24" node_modules/vitest/vitest.mjs run --config test/vitest.config.ts test/emulator "$@"
