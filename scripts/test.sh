#!/usr/bin/env bash
# Runs every test of the project: Rust unit and integration tests, the islands' and the
# edge function's TypeScript tests, and the browser suite with its quality gates.
# Installs what a fresh machine lacks (Debian packages, npm packages) first.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v units >/dev/null || missing+=(units)
command -v java >/dev/null || missing+=(default-jre-headless)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing Debian packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

for dir in islands edge tests/e2e; do
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    echo "==> npm ci in $dir"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
done

echo "==> cargo fmt --check"
cargo fmt --check
echo "==> cargo clippy (warnings are errors)"
cargo clippy --all-targets --release --quiet -- -D warnings
echo "==> cargo build --release"
cargo build --release --quiet
echo "==> Rust tests"
cargo test --release --quiet
echo "==> TypeScript type check (tsc --noEmit, strict) in islands/ and edge/"
(cd islands && npm run --silent typecheck)
(cd edge && npm run --silent typecheck)
echo "==> islands tests (conversion core, formatting, history, toasts)"
(cd islands && npm test --silent)
echo "==> edge function tests (Workers runtime, fake upstreams)"
(cd edge && npm test --silent)
echo "==> browser suite (Chromium) and quality gates"
(cd tests/e2e && npm test --silent)
