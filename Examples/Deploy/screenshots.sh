#!/usr/bin/env bash
# Takes screenshots of the link pages with headless Chromium, through the same deployment as
# test-proxy.sh (deeplink serve and a website behind Examples/Deploy/nginx.conf), and checks what
# each visitor sees there (Tests/Browser/screenshots.py). The PNGs go to the folder given, by
# default .build/screenshots/: iPhone, Android, iPad, desktop with and without a web fallback,
# not-found and expired, light and dark. Takes about half a minute once deeplink is built.
#
#   Examples/Deploy/screenshots.sh [OUTPUT_FOLDER]
set -euo pipefail
source "$(dirname "$0")/stack.sh"
OUT=$(mkdir -p "${1:-$ROOT/.build/screenshots}" && cd "${1:-$ROOT/.build/screenshots}" && pwd)

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
command -v zbarimg >/dev/null || missing+=(zbar-tools)
if ((${#missing[@]})); then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
python3 -c 'import selenium' 2>/dev/null || python3 -m pip install -q selenium

echo "== screenshots"
python3 "$ROOT/Tests/Browser/screenshots.py" --https-port "$HTTPS_PORT" --api "http://127.0.0.1:$DEEPLINK_PORT" \
    --token "$TOKEN" --site "$WORK/site" --out "$OUT" || fail "the browser checks failed"
