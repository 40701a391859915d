#!/usr/bin/env bash
# The book's live demos in a real browser (issue 10). Builds the demos' wasm into the book
# (`cargo xtask web`), builds the book into a scratch folder, and runs live.test.mjs on it in
# headless chromium. Screenshots of each page go to web/tests/out/.
# Needs: the wasm32-unknown-unknown target, mdbook (+ mdbook-katex), node and npm, chromium.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  apt-get update -qq && apt-get install -y -qq chromium
fi
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)

(cd "$root" && cargo xtask web)
book="$(mktemp -d)"
trap 'rm -rf "$book"' EXIT
mdbook build "$root/book" -d "$book" 2>&1 | grep -v ' INFO \|WARN.*built against' || true
[ -f "$book/index.html" ] || { echo "mdbook build failed" >&2; exit 1; }
node "$here/live.test.mjs" "$book" "$here/out"
