#!/usr/bin/env bash
# The dashboard's browser suite (issue 13): the example deployment of Examples/Deploy/stack.sh
# (deeplink serve on SQLite behind Examples/Deploy/nginx.conf, https with a self-signed
# certificate, short links and the dashboard on go.shop.example.com), then
# Tests/Browser/dashboard_test.py in headless Chromium against https://go.shop.example.com/dashboard.
# Screenshots of every page at phone and desktop widths go to the folder given (default
# .build/dashboard-screenshots). With DASHBOARD_POSTGRES_URL set, the suite runs a second time
# against deeplink serve on that PostgreSQL database, directly.
#
#   Tests/Browser/dashboard.sh [OUTPUT_FOLDER]
set -euo pipefail
# The suite creates a webhook endpoint on this machine, which only a development setting allows.
export DEEPLINK_ALLOW_PRIVATE_WEBHOOK_URLS=true
source "$(dirname "$0")/../../Examples/Deploy/stack.sh"
OUT=$(mkdir -p "${1:-$ROOT/.build/dashboard-screenshots}" && cd "${1:-$ROOT/.build/dashboard-screenshots}" && pwd)

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
command -v zbarimg >/dev/null || missing+=(zbar-tools)
if ((${#missing[@]})); then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
python3 -c 'import selenium' 2>/dev/null || python3 -m pip install -q selenium

# A dashboard user, when this build has `deeplink users`.
USER_NAME=marketing@shop.example.com
USER_PASSWORD="correct horse battery staple"
if "$DEEPLINK_BIN" --help | grep -q "^  users "; then
    printf '%s\n' "$USER_PASSWORD" | "$DEEPLINK_BIN" users create "$USER_NAME" --password-stdin \
        --database "sqlite:$WORK/deeplink.sqlite" >/dev/null || fail "deeplink users create failed"
    export DASHBOARD_USER=$USER_NAME DASHBOARD_PASSWORD=$USER_PASSWORD
fi

echo "== the dashboard in headless Chromium through nginx (https://$LINK_HOST/dashboard)"
DASHBOARD_URL="https://$LINK_HOST" DASHBOARD_DIRECT_URL="http://127.0.0.1:$DEEPLINK_PORT" DASHBOARD_KEY="$TOKEN" \
    DASHBOARD_HOST_RULES="MAP $LINK_HOST 127.0.0.1:$HTTPS_PORT, MAP $SITE_HOST 127.0.0.1:$HTTPS_PORT" SCREENSHOTS="$OUT" \
    python3 "$ROOT/Tests/Browser/dashboard_test.py" || fail "the dashboard's browser suite failed"

if [[ -n "${DASHBOARD_POSTGRES_URL:-}" ]]; then
    echo "== the dashboard on PostgreSQL"
    PG_PORT=$(free_port)
    "$DEEPLINK_BIN" serve --config "$CONFIG" --database "$DASHBOARD_POSTGRES_URL" --port "$PG_PORT" --public-host "$LINK_HOST" \
        --connections-per-address 0 --allow-private-webhook-urls --log-level warning 2>"$WORK/serve-postgres.log" &
    PG_SERVER=$!
    for _ in $(seq 1 150); do curl -fs "http://127.0.0.1:$PG_PORT/healthz" >/dev/null && break; sleep 0.1; done
    PG_TOKEN=$("$DEEPLINK_BIN" keys create --name dashboard-suite --database "$DASHBOARD_POSTGRES_URL" --json \
        | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
    DASHBOARD_URL="http://127.0.0.1:$PG_PORT" DASHBOARD_KEY="$PG_TOKEN" SCREENSHOTS="$OUT/postgres" DASHBOARD_USER= DASHBOARD_PASSWORD= \
        python3 "$ROOT/Tests/Browser/dashboard_test.py" || { tail -20 "$WORK/serve-postgres.log" >&2; kill "$PG_SERVER"; fail "the dashboard's browser suite failed on PostgreSQL"; }
    kill "$PG_SERVER"
fi
echo "screenshots in $OUT"
