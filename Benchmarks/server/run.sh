#!/usr/bin/env bash
# Drives `deeplink serve` with wrk over loopback, against nginx serving the same AASA bytes as a
# static file, in one run: the AASA route, GET /{code}, the Android store hop (which records a
# deferred click: one INSERT per request) and the deferred-link claim (one UPDATE by token) with
# SQLite and (when a database is given) PostgreSQL, at 64 connections. Prints requests per second
# as a ratio to nginx, p50/p99 latency, errors and resident memory; then a bare Hummingbird app
# (Benchmarks/Sources/BareHummingbird) serving the bytes deeplink served, for the ratio of
# deeplink to its framework's ceiling.
#
#   Benchmarks/server/run.sh                      # SQLite only
#   DEEPLINK_BENCH_POSTGRES_URL=postgres://u:p@127.0.0.1:5432/db Benchmarks/server/run.sh
#
# Environment: DURATION (default 10s), CONNECTIONS (64), THREADS (2).
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
CONFIG=Examples/Shop/MobileDeepLinkingConfig.json
HOST_HEADER="Host: shop.example.com"
IPHONE="Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
ANDROID="Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"

source Benchmarks/server/common.sh
swift build -c release --package-path Benchmarks --product bare-hummingbird >&2
BARE_BIN=$(swift build -c release --package-path Benchmarks --show-bin-path)/bare-hummingbird

# nginx serves the generated file as a static file.
"$BIN" generate --config "$CONFIG" --out "$WORK/generated" >/dev/null
chmod -R a+rX "$WORK" # nginx workers run unprivileged
NGINX_PORT=$(free_port)
cat >"$WORK/nginx.conf" <<NGINX
worker_processes auto;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log off;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        root $WORK/generated/hosts/shop.example.com;
        location = /.well-known/apple-app-site-association { default_type application/json; etag on; }
    }
}
NGINX
nginx -c "$WORK/nginx.conf" -p "$WORK"

read -r N_RPS N_P50 N_P99 N_ERR < <(measure "http://127.0.0.1:$NGINX_PORT/.well-known/apple-app-site-association" -H "$HOST_HEADER")
NGINX_RSS=$(ps -C nginx -o rss= | awk '{sum += $1} END {printf "%.1f", sum / 1024}')

printf '%-34s %10s %8s %9s %9s %7s %9s\n' "target" "req/s" "ratio" "p50 ms" "p99 ms" "errors" "RSS MB"
printf '%-34s %10s %8s %9s %9s %7s %9s\n' "nginx static AASA" "$N_RPS" "1.00" "$N_P50" "$N_P99" "$N_ERR" "$NGINX_RSS"

run_backend() {
    local name=$1 database=$2
    start_server "$database"
    read -r A_RPS A_P50 A_P99 A_ERR < <(measure "http://127.0.0.1:$PORT/.well-known/apple-app-site-association" -H "$HOST_HEADER")
    local aasa_rss
    aasa_rss=$(rss_mb "$PID")
    # The bare Hummingbird app answers with these very bytes.
    curl -fs "http://127.0.0.1:$PORT/$CODE" -H "$HOST_HEADER" -H "User-Agent: $IPHONE" -o "$WORK/page.html"
    curl -fs "http://127.0.0.1:$PORT/.well-known/apple-app-site-association" -H "$HOST_HEADER" -o "$WORK/aasa.json"
    read -r L_RPS L_P50 L_P99 L_ERR < <(measure "http://127.0.0.1:$PORT/$CODE" -H "$HOST_HEADER" -H "User-Agent: $IPHONE")
    local link_rss
    link_rss=$(rss_mb "$PID")
    read -r H_RPS H_P50 H_P99 H_ERR < <(measure "http://127.0.0.1:$PORT/$CODE/install?store=google" -H "$HOST_HEADER" -H "User-Agent: $ANDROID")
    local hop_rss
    hop_rss=$(rss_mb "$PID")
    cat >"$WORK/claim.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"token": "benchmarkTokenThatMatchesNoClick00"}'
LUA
    read -r C_RPS C_P50 C_P99 C_ERR < <(measure "http://127.0.0.1:$PORT/api/v1/deferred/claim" -s "$WORK/claim.lua")
    local claim_rss
    claim_rss=$(rss_mb "$PID")
    printf '%-34s %10s %8.2f %9s %9s %7s %9s\n' "deeplink AASA ($name)" "$A_RPS" "$(echo "$A_RPS / $N_RPS" | bc -l)" "$A_P50" "$A_P99" "$A_ERR" "$aasa_rss"
    printf '%-34s %10s %8.2f %9s %9s %7s %9s\n' "deeplink GET /{code} ($name)" "$L_RPS" "$(echo "$L_RPS / $N_RPS" | bc -l)" "$L_P50" "$L_P99" "$L_ERR" "$link_rss"
    printf '%-34s %10s %8.2f %9s %9s %7s %9s\n' "store hop + click ($name)" "$H_RPS" "$(echo "$H_RPS / $N_RPS" | bc -l)" "$H_P50" "$H_P99" "$H_ERR" "$hop_rss"
    printf '%-34s %10s %8.2f %9s %9s %7s %9s\n' "deferred claim ($name)" "$C_RPS" "$(echo "$C_RPS / $N_RPS" | bc -l)" "$C_P50" "$C_P99" "$C_ERR" "$claim_rss"
    kill "$PID"
    wait "$PID" 2>/dev/null || true
}

run_backend sqlite "sqlite:$WORK/bench.sqlite"

# The framework's ceiling: Hummingbird alone, answering both routes with the bytes deeplink
# answered them with; the last column of these rows is deeplink's (SQLite) throughput ÷ the bare app's.
BARE_PORT=$(free_port)
"$BARE_BIN" "$BARE_PORT" "$WORK/aasa.json" "$WORK/page.html" 2>"$WORK/bare.log" &
BARE_PID=$!
PIDS+=("$BARE_PID")
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$BARE_PORT/.well-known/apple-app-site-association" >/dev/null && break; sleep 0.1; done
read -r B_RPS B_P50 B_P99 B_ERR < <(measure "http://127.0.0.1:$BARE_PORT/.well-known/apple-app-site-association")
read -r BL_RPS BL_P50 BL_P99 BL_ERR < <(measure "http://127.0.0.1:$BARE_PORT/$CODE")
bare_rss=$(rss_mb "$BARE_PID")
kill "$BARE_PID"
printf '%-34s %10s %8.2f %9s %9s %7s %9s   deeplink ÷ bare %.2f\n' "bare Hummingbird AASA" "$B_RPS" "$(echo "$B_RPS / $N_RPS" | bc -l)" "$B_P50" "$B_P99" "$B_ERR" "$bare_rss" "$(echo "$A_RPS / $B_RPS" | bc -l)"
printf '%-34s %10s %8.2f %9s %9s %7s %9s   deeplink ÷ bare %.2f\n' "bare Hummingbird GET /{code}" "$BL_RPS" "$(echo "$BL_RPS / $N_RPS" | bc -l)" "$BL_P50" "$BL_P99" "$BL_ERR" "$bare_rss" "$(echo "$L_RPS / $BL_RPS" | bc -l)"
if [[ -n "${DEEPLINK_BENCH_POSTGRES_URL:-}" ]]; then
    run_backend postgres "$DEEPLINK_BENCH_POSTGRES_URL"
else
    echo "note: DEEPLINK_BENCH_POSTGRES_URL is not set; the PostgreSQL run is skipped" >&2
fi
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION over loopback; $(nproc) cores; ratio = req/s ÷ nginx req/s" >&2
