#!/usr/bin/env bash
# Runs every test of the project: Rust unit and integration tests, the islands' and the
# edge function's TypeScript tests, and the browser suite with its quality gates.
# Installs what a fresh machine lacks (Debian packages, npm packages) beside the Rust build.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says when it starts, in seconds since the script did, so a slow step shows in the log.
step() { echo "==> [$((SECONDS / 60))m$((SECONDS % 60))s] $*"; }

# What a fresh machine lacks is fetched beside the Rust build: the downloads wait on the network
# and the compiler on the CPU, and on a fresh machine each takes minutes. The Rust tests are the
# first step that needs them (GNU units, and esbuild and React to build the site's islands).
# A download that fails once (a mirror or the registry busy for a moment) is tried again.
retry() {
  local attempt
  for attempt in 1 2 3; do
    if "$@"; then return 0; fi
    if [ "$attempt" -lt 3 ]; then echo "failed: $* (attempt $attempt of 3); again in $((attempt * 10)) s" >&2; sleep $((attempt * 10)); fi
  done
  return 1
}
install() {
  local missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v units >/dev/null || missing+=(units)
  command -v java >/dev/null || missing+=(default-jre-headless)
  if [ ${#missing[@]} -gt 0 ]; then
    step "installing Debian packages: ${missing[*]}"
    retry apt-get update -qq
    retry env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
  for dir in islands edge tests/e2e; do
    if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
      step "npm ci in $dir"
      (cd "$dir" && retry npm ci --no-audit --no-fund --loglevel=error)
    fi
  done
}
install_log=$(mktemp)
install >"$install_log" 2>&1 &
installer=$!
# On any exit: no apt-get or npm left half done behind us, and no temporary files.
memory_tmp=
typescript_log=
typescript_checks=
cleanup() {
  wait "$installer" 2>/dev/null || true
  if [ -n "$typescript_checks" ]; then kill -- "-$typescript_checks" 2>/dev/null || true; wait "$typescript_checks" 2>/dev/null || true; fi
  rm -f "$install_log" ${typescript_log:+"$typescript_log"}
  if [ -n "$memory_tmp" ]; then rm -rf "$memory_tmp"; fi
}
trap cleanup EXIT
installed() {
  local status=0
  wait "$installer" || status=$?
  cat "$install_log"
  if [ "$status" -ne 0 ]; then
    echo "installing what this machine lacks failed (exit $status)" >&2
    exit "$status"
  fi
}

# The tests build the site a few hundred times into temporary folders and delete them again.
# On a disk file system (here ext4 mounted with `discard`) creating and deleting those files
# costs minutes of kernel time: the Rust suite ran 148 s of tests/build.rs with 123 s of system
# time on disk, 75 s with 18 s in memory. So they go to a memory file system when one has room
# (they peak near 600 MB there). Set TMPDIR yourself to choose another place.
if [ -z "${TMPDIR:-}" ] && [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] &&
  [ "$(df -k --output=avail /dev/shm | tail -1)" -ge $((4 * 1024 * 1024)) ]; then
  memory_tmp=$(mktemp -d /dev/shm/unitly-tests.XXXXXX)
  export TMPDIR=$memory_tmp
  step "temporary files in $TMPDIR (memory)"
fi

step "cargo fmt --check"
cargo fmt --check
# clippy's lints run in the build and in the tests' compile rather than in a `cargo clippy` of
# their own: clippy-driver, the compiler `cargo clippy` runs, compiles the project's own
# targets (cargo's workspace wrapper) with every warning an error, and rustc the dependencies,
# compiled once for both. `cargo clippy` checked every dependency again (cargo check does not
# reuse a build's artifacts): 3 to 5 minutes of a core on a fresh machine. The targets compiled
# here, the library and the binary, their unit tests and tests/*.rs, are all the targets
# `cargo clippy --all-targets` checks (the project has no benches or examples for cargo).
clippy_driver=$(command -v clippy-driver) || {
  echo "clippy-driver not found: rustup component add clippy" >&2
  exit 1
}
linted=(env RUSTC_WORKSPACE_WRAPPER="$clippy_driver" CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__")
# One cargo command compiles the binary and the tests: the tests' copy of the library needs only
# the dependencies, so it compiles beside the release library instead of after it.
step "cargo build --release and the Rust tests' compile, linted by clippy (warnings are errors)"
"${linted[@]}" cargo test --release --no-run --quiet
step "waiting for the installs (started at 0m0s, beside the build)"
installed
# The TypeScript checks and tests run beside the Rust tests: alone they kept a third of the two
# cores busy (36 and 38 %), the Rust tests four fifths. Their output follows the Rust tests'.
typescript() {
  step "TypeScript type check (tsc --noEmit, strict) in islands/ and edge/"
  (cd islands && npm run --silent typecheck)
  (cd edge && npm run --silent typecheck)
  step "islands tests (conversion core, formatting, history, toasts)"
  (cd islands && npm test --silent)
  step "edge function tests (Workers runtime, fake upstreams)"
  (cd edge && npm test --silent)
}
typescript_log=$(mktemp)
# A session of its own, so that a failing run can stop it with its Node processes (cleanup).
setsid bash -c "set -euo pipefail; SECONDS=$SECONDS; $(declare -f step typescript); typescript" >"$typescript_log" 2>&1 &
typescript_checks=$!
step "Rust tests, and beside them the TypeScript checks and tests"
"${linted[@]}" cargo test --release --quiet
step "waiting for the TypeScript checks and tests (started beside the Rust tests)"
status=0
wait "$typescript_checks" || status=$?
typescript_checks=
cat "$typescript_log"
if [ "$status" -ne 0 ]; then
  echo "the TypeScript checks or tests failed (exit $status)" >&2
  exit "$status"
fi
step "browser suite (Chromium) and quality gates"
(cd tests/e2e && npm test --silent)
step "done"
