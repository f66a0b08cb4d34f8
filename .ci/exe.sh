#!/usr/bin/env bash
# CI: `npm run release` (the bundle, the five executables in dist/exe, their archives and SHA256SUMS in dist/release),
# then the archives checked and unpacked as a user would, and every platform proven from what was unpacked:
# - linux-x64 natively, linux-arm64 under Debian's qemu-user, windows-x64 under Debian's wine: the same smoke test
#   (below). Under wine with a test-only shim DLL built here from .ci/wine/bcryptprimitives.c (wine 8.0 lacks the
#   ProcessPrng that Bun's Windows runtime imports; the shipped archive holds no DLL);
# - darwin-arm64 and darwin-x64, which cannot run here: Mach-O headers, entry point and ad-hoc signature, every page
#   hash recomputed (scripts/exe/macho.js);
# - then the emulator suite with its CLI processes started from linux-x64 (PAYCTL_TEST_EXE), and the MCP answer
#   tests with it as the server.
# The tools come from Debian with apt-get where missing, installed while the executables build.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
work="$(mktemp -d)"
trap 'wineserver -k 2>/dev/null || true; rm -rf "$work"' EXIT
took() { echo "($((SECONDS - started)) s so far)"; }

tools=()
command -v qemu-aarch64 >/dev/null || tools+=(qemu-user)
[ -e /usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1 ] || tools+=(libc6-arm64-cross)
command -v wine >/dev/null || tools+=(wine wine64)
command -v x86_64-w64-mingw32-gcc >/dev/null || tools+=(gcc-mingw-w64-x86-64-win32)
command -v unzip >/dev/null || tools+=(unzip)
apt_pid=
if ((${#tools[@]})); then
  echo "== apt-get install, beside the build: ${tools[*]}"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${tools[@]}") > "$work/apt.log" 2>&1 &
  apt_pid=$!
fi

npm run release
version="$(node -p 'require("./package.json").version')"
bun_version="$(node -p 'require("bun/package.json").version')"
took

echo "== the archives: checksums, contents, the same bytes as dist/exe"
(cd dist/release && sha256sum --check --strict SHA256SUMS)
if [ -n "$apt_pid" ]; then wait "$apt_pid" || { cat "$work/apt.log"; exit 1; }; fi
unpacked="$work/unpacked"
mkdir -p "$unpacked"
for archive in dist/release/*.tar.gz; do tar -xzf "$archive" -C "$unpacked"; done
unzip -q "dist/release/payctl_${version}_windows_x64.zip" -d "$unpacked"
for platform in linux-x64 linux-arm64 darwin-arm64 darwin-x64 windows-x64; do
  folder="$unpacked/payctl_${version}_${platform/-/_}"
  exe=payctl
  [[ $platform == windows-* ]] && exe=payctl.exe
  test "$(cd "$folder" && ls | LC_ALL=C sort | tr '\n' ' ')" = "LICENSE README.md $exe "
  cmp "$folder/$exe" "dist/exe/payctl-$platform${exe#payctl}"
  [[ $platform == windows-* ]] || test -x "$folder/$exe"
  echo "payctl_${version}_${platform/-/_}: $exe, LICENSE, README.md"
done
app() { echo "$unpacked/payctl_${version}_${1/-/_}/payctl"; }

echo "== darwin: checked, not run"
node scripts/exe/macho.js check "$(app darwin-arm64)" arm64
node scripts/exe/macho.js check "$(app darwin-x64)" x64
# The check notices one byte changed after signing.
cp "$(app darwin-x64)" "$work/tampered"
printf 'X' | dd of="$work/tampered" bs=1 seek=1000000 conv=notrunc status=none
if node scripts/exe/macho.js check "$work/tampered" x64 2>/dev/null; then echo "a changed file passed"; exit 1; fi
# Where Bun signed the file itself (darwin-arm64), our signer, given Bun's identifier, writes the same bytes.
if node scripts/exe/macho.js check "$(app darwin-arm64)" arm64 | grep -q '"a.out"'; then
  cp "$(app darwin-arm64)" "$work/resigned"
  node scripts/exe/macho.js sign "$work/resigned" a.out
  cmp "$work/resigned" "$(app darwin-arm64)"
  echo "darwin-arm64: re-signed by scripts/exe/macho.js, byte for byte Bun's signature"
fi

# The smoke test, from an empty folder, as an operator would: version (naming Bun), help, the emulator started by
# the executable itself, a real call, an import of 300 rows, the list, doctor. $1: how to run the executable (a
# command line), $2: the platform word --version prints.
smoke() {
  local dir="$work/smoke-$2"
  mkdir -p "$dir"
  node -e 'console.log("customId,description,amount,currency,recipientEmail")
    for (let i = 1; i <= 300; i++) console.log(`smoke-${i},Smoke row ${i},${i}.25,EUR,payee${i}@example.com`)' \
    > "$dir/payouts.csv"
  (
    set -euo pipefail
    cd "$dir"
    # Like the npm package, the executable reads no .env from the working folder (a profile named here would fail
    # every call below).
    printf 'PAYCTL_PROFILE=from-dotenv\n' > .env
    run() { $1 "${@:2}"; }
    payctl=$1
    export PAYCTL_CONFIG_DIR="$dir/config" PAYCTL_DATA_DIR="$dir/data" PAYCTL_CACHE_DIR="$dir/cache" NO_COLOR=1
    run "$payctl" --version > version.txt
    grep -qx "payctl/$version $2 bun-v$bun_version" <(tr -d '\r' < version.txt)
    # The same line where oclif answers --version itself (a WSL hint; the init hook names Bun there), and in help.
    WSL_DISTRO_NAME=smoke run "$payctl" --version > version-oclif.txt
    grep -qx "payctl/$version $2 bun-v$bun_version" <(tr -d '\r' < version-oclif.txt)
    run "$payctl" --help > help.txt
    grep -q "payouts" help.txt
    grep -qx "  payctl/$version $2 bun-v$bun_version" <(tr -d '\r' < help.txt)
    # Started without `run`: $! is then the executable (or qemu or wine running it), which the trap stops.
    $payctl emulator start --port 0 --data :memory: --json > emulator.json &
    emulator_pid=$!
    trap 'kill "$emulator_pid" 2>/dev/null || true' EXIT
    for _ in $(seq 1 600); do [ -s emulator.json ] && break; sleep 0.1; done
    export PAYCTL_ORIGIN="$(sed -E 's/.*"url":"([^"]*)".*/\1/' emulator.json)"
    run "$payctl" team get --json > team.json
    grep -q '"id"' team.json
    run "$payctl" payouts import payouts.csv --json > import.json
    grep -q '"created": 300' import.json
    run "$payctl" payouts list --all --jq '.[].id' > ids.txt
    test "$(wc -l < ids.txt)" -eq 300
    run "$payctl" doctor --json > doctor.json
    grep -q "\"detail\": \"Bun $bun_version (inside the payctl executable)\"" doctor.json
  )
  echo "smoke test ok: $2 $(took)"
}

echo "== smoke test: linux-x64"
smoke "$(app linux-x64)" linux-x64

echo "== smoke test: linux-arm64 under $(qemu-aarch64 --version | head -1)"
# Bun's arm64 runtime is dynamically linked: qemu reads the C library under QEMU_LD_PREFIX.
QEMU_LD_PREFIX=/usr/aarch64-linux-gnu smoke "qemu-aarch64 $(app linux-arm64)" linux-arm64

echo "== smoke test: windows-x64 under $(wine --version 2>/dev/null), with the test-only ProcessPrng shim beside it"
x86_64-w64-mingw32-gcc -shared -O2 -o "$work/bcryptprimitives.dll" .ci/wine/bcryptprimitives.c -ladvapi32
mkdir -p "$work/windows"
cp "$(app windows-x64).exe" "$work/bcryptprimitives.dll" "$work/windows/"
export WINEPREFIX="$work/wine" WINEDEBUG=-all
wineboot -i > "$work/wineboot.log" 2>&1 || { cat "$work/wineboot.log"; exit 1; }
smoke "wine $work/windows/payctl.exe" win32-x64

echo "== BUN_OPTIONS: Bun applies it to compiled executables (no build option turns it off); doctor names a preload"
echo 'console.log("preloaded")' > "$work/preload.js"
BUN_OPTIONS="--preload=$work/preload.js" "$(app linux-x64)" doctor --json > "$work/doctor.json" 2>/dev/null || true
grep -q '"name": "runtime options"' "$work/doctor.json"
grep -q 'BUN_OPTIONS --preload' "$work/doctor.json"

echo "== test/emulator and the MCP answers with the linux-x64 executable"
PAYCTL_TEST_EXE="$(app linux-x64)" node_modules/vitest/vitest.mjs run --config test/vitest.config.ts test/emulator \
  test/mcp/mcp-answer-schemas.test.ts test/mcp/mcp-bad-inputs.fuzz.test.ts "$@"
echo "executables: $((SECONDS - started)) s"
