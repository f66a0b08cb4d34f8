#!/usr/bin/env bash
# CI: builds the five executables (`npm run build:exe`; run `npm run build` first) and checks each file (`file`,
# size, SHA256SUMS). Runs the smoke test below against linux-x64 natively, then the emulator suite with its CLI
# processes started from it (PAYCTL_TEST_EXE) and the MCP answer tests with it as the server; runs the smoke test
# against linux-arm64 under Debian's qemu-user and against windows-x64 under Debian's wine (installed here with
# apt-get when missing). The darwin files are checked, not run.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
npm run build:exe
out="$PWD/dist/exe"
version="$(node -p 'require("./package.json").version')"

echo "== the files"
(cd "$out" && sha256sum --check --strict SHA256SUMS)
check_file() { # name, what `file` must say
  local description
  description="$(file -b "$out/$1")"
  echo "$1: $(du -m "$out/$1" | cut -f1) MiB, $description"
  grep -q "$2" <<< "$description"
}
check_file payctl-linux-x64 'ELF 64-bit LSB executable, x86-64'
check_file payctl-linux-arm64 'ELF 64-bit LSB executable, ARM aarch64'
check_file payctl-darwin-arm64 'Mach-O 64-bit arm64 executable'
check_file payctl-darwin-x64 'Mach-O 64-bit x86_64 executable'
check_file payctl-windows-x64.exe 'PE32+ executable (console) x86-64'

# The smoke test, from an empty folder, as an operator would: version, help, a profile (a config write under its
# lock), an unknown command (exit 2), the emulator, a list, an import, --jq. $1: how to run the executable (a
# command line), $2: the platform name --version prints.
smoke() {
  local work emulator_pid origin
  work="$(mktemp -d)"
  cp examples/payouts.csv "$work/"
  (
    set -euo pipefail
    cd "$work"
    # Like the npm package, the executable reads no .env from the working folder (a profile named here would fail
    # every call below).
    printf 'PAYCTL_PROFILE=from-dotenv\n' > .env
    run() { $1 "${@:2}"; }
    payctl=$1
    export PAYCTL_CONFIG_DIR="$work/config" PAYCTL_DATA_DIR="$work/data" PAYCTL_CACHE_DIR="$work/cache" NO_COLOR=1
    run "$payctl" --version | tr -d '\r' | grep -q "^payctl/$version $2 "
    run "$payctl" --help | grep -q "payouts"
    run "$payctl" payouts list --help | grep -q "RE-RUN (CRON, RETRIES)"
    run "$payctl" profiles add smoke --origin http://127.0.0.1:9 --environment sandbox >/dev/null 2>&1
    run "$payctl" profiles list --jq '.[].name' | tr -d '\r' | grep -qx smoke
    if run "$payctl" payouts lst 2> unknown.txt; then exit 1; else test $? -eq 2; fi
    grep -q "payouts list" unknown.txt
    run "$payctl" emulator start --port 0 --data :memory: --json > emulator.json &
    emulator_pid=$!
    trap 'kill "$emulator_pid" 2>/dev/null || true' EXIT
    for _ in $(seq 1 300); do [ -s emulator.json ] && break; sleep 0.1; done
    origin="$(sed -E 's/.*"url":"([^"]*)".*/\1/' emulator.json)"
    export PAYCTL_ORIGIN="$origin"
    test "$(run "$payctl" payouts list --json | tr -d '\r')" = "[]"
    run "$payctl" payouts import payouts.csv --json > import.json
    grep -q '"created": 8' import.json
    test "$(run "$payctl" payouts list --jq '.[].id' | wc -l)" -eq 8
  )
  rm -rf "$work"
}

echo "== smoke test: linux-x64"
smoke "$out/payctl-linux-x64" linux-x64
echo "smoke test ok ($((SECONDS - started)) s so far)"

if ! command -v qemu-aarch64 >/dev/null || ! command -v wine >/dev/null || [ ! -d /usr/aarch64-linux-gnu ]; then
  echo "== installing qemu-user, the arm64 C library and wine (apt-get)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user libc6-arm64-cross wine wine64 >/dev/null
fi

echo "== smoke test: linux-arm64 under $(qemu-aarch64 --version | head -1)"
# Bun's arm64 runtime is dynamically linked: qemu reads the libraries under QEMU_LD_PREFIX.
if [ -e /usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1 ]; then export QEMU_LD_PREFIX=/usr/aarch64-linux-gnu; fi
smoke "qemu-aarch64 $out/payctl-linux-arm64" linux-arm64
echo "smoke test ok ($((SECONDS - started)) s so far)"

echo "== smoke test: windows-x64 under $(wine --version)"
export WINEDEBUG=err+module WINEPREFIX="${WINEPREFIX:-$(mktemp -d)/wine}"
# Debian 12's wine 8.0 has no bcryptprimitives.dll, which Bun's Windows runtime imports: the executable cannot
# start there (exit 53). That case is reported and the file stays checked above; any other failure fails CI.
if wine "$out/payctl-windows-x64.exe" --version > wine.txt 2>&1; then
  export WINEDEBUG=-all
  smoke "wine $out/payctl-windows-x64.exe" win32-x64
  echo "smoke test ok ($((SECONDS - started)) s so far)"
elif grep -q 'Library bcryptprimitives.dll .* not found' wine.txt; then
  echo "windows-x64 cannot run under $(wine --version): $(grep -m1 'import_dll' wine.txt)"
else
  cat wine.txt
  exit 1
fi
rm -f wine.txt

echo "== test/emulator and the MCP answers with the linux-x64 executable"
PAYCTL_TEST_EXE="$out/payctl-linux-x64" node_modules/vitest/vitest.mjs run --config test/vitest.config.ts test/emulator \
  test/mcp/mcp-answer-schemas.test.ts test/mcp/mcp-bad-inputs.fuzz.test.ts "$@"
echo "executables: $((SECONDS - started)) s"
