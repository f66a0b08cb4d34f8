#!/usr/bin/env bash
# Runs the emulator's test suite (test/emulator) on Node 24, where the store runs on the built-in node:sqlite
# (`npm test` on the machine's Node 20 covers the better-sqlite3 driver). Node 24 is the node@24 npm package,
# installed into a temporary folder. Build first (`npm run build`): the suite also starts bin/run.js.
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --no-audit --no-fund node24@npm:node@24 >/dev/null 2>&1)
node24="$work/node_modules/node24/bin/node"
echo "== test/emulator on Node $("$node24" --version)"
"$node24" node_modules/vitest/vitest.mjs run --config test/vitest.config.ts test/emulator "$@"
