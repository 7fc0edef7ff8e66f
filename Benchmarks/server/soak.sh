#!/usr/bin/env bash
# A release-build soak: wrk for DURATION (60 s) at CONNECTIONS (256) on each target in turn, the
# AASA file, GET /{code} as an iPhone and as an Android phone, and the Android store hop (which
# records a deferred click per request), on SQLite and (when a database is given) PostgreSQL.
# For each: requests per second, p50/p99 latency, errors, and the server's resident memory at the
# 10th second and at the end with their ratio (flat is within 1.10).
#
#   Benchmarks/server/soak.sh
#   DEEPLINK_BENCH_POSTGRES_URL=postgres://u:p@127.0.0.1:5432/db Benchmarks/server/soak.sh
#   DURATION=20s Benchmarks/server/soak.sh         # a shorter run
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-60s}
CONNECTIONS=${CONNECTIONS:-256}
THREADS=${THREADS:-2}
CONFIG=Examples/Shop/MobileDeepLinkingConfig.json
HOST_HEADER="Host: shop.example.com"
IPHONE="Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
ANDROID="Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"
source Benchmarks/server/common.sh
ulimit -n 65536 2>/dev/null || true

# Runs measure on a target while sampling the server's memory at the 10th second; prints the
# row and whether it met the bar (no errors, p99 under 50 ms, memory within 10%).
soak() {
    local name=$1 url=$2
    shift 2
    measure "$url" "$@" >"$WORK/measure.out" &
    local wrk_job=$!
    sleep 10
    local early
    early=$(rss_mb "$PID")
    wait "$wrk_job"
    local late
    late=$(rss_mb "$PID")
    read -r rps p50 p99 errors <"$WORK/measure.out"
    python3 - "$name" "$rps" "$p50" "$p99" "$errors" "$early" "$late" <<'PY'
import sys
name, rps, p50, p99, errors, early, late = sys.argv[1:]
growth = float(late) / float(early)
met = int(errors) == 0 and float(p99) < 50 and growth <= 1.10
print(f"{name:<36} {rps:>8} {p50:>8} {p99:>8} {errors:>7} {early:>8} {late:>8} {growth:>7.2f}  {'met' if met else 'MISSED'}")
PY
}

printf '%-36s %8s %8s %8s %7s %8s %8s %7s  %s\n' target req/s "p50 ms" "p99 ms" errors "MB @10s" "MB end" growth bar
run_backend() {
    local name=$1 database=$2
    start_server "$database"
    soak "AASA ($name)" "http://127.0.0.1:$PORT/.well-known/apple-app-site-association" -H "$HOST_HEADER"
    soak "GET /{code} iPhone ($name)" "http://127.0.0.1:$PORT/$CODE" -H "$HOST_HEADER" -H "User-Agent: $IPHONE"
    soak "GET /{code} Android ($name)" "http://127.0.0.1:$PORT/$CODE" -H "$HOST_HEADER" -H "User-Agent: $ANDROID"
    soak "store hop + click ($name)" "http://127.0.0.1:$PORT/$CODE/install?store=google" -H "$HOST_HEADER" -H "User-Agent: $ANDROID"
    kill "$PID"
    wait "$PID" 2>/dev/null || true
}

run_backend sqlite "sqlite:$WORK/soak.sqlite"
if [[ -n "${DEEPLINK_BENCH_POSTGRES_URL:-}" ]]; then
    run_backend postgres "$DEEPLINK_BENCH_POSTGRES_URL"
else
    echo "note: DEEPLINK_BENCH_POSTGRES_URL is not set; the PostgreSQL run is skipped" >&2
fi
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION over loopback, release build; $(nproc) cores" >&2
