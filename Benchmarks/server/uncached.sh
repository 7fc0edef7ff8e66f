#!/usr/bin/env bash
# Uncached `GET /{code}` at scale (issue 31): LINKS links (1,000,000) written straight into a new
# database as SQL (the rows `scale.sh` imports, without its clicks, so a run takes a minute),
# then `wrk -t2 -c64` with a seeded random code per request (the 2 s link cache mostly misses),
# ROUNDS rounds of DURATION after a warm-up (the peak, every connection sending its next request as
# soon as it is answered), then ROUNDS rounds at half the best of them (each connection waits
# 64 ÷ (peak ÷ 2) s between requests, wrk's `delay`), each beside the goal: p99 at most 10 ms at
# half the peak (issue 43; the rate used is printed). SQLite
# always; PostgreSQL too when DEEPLINK_BENCH_POSTGRES_URL names a database it may empty.
# BENCH_BIN measures another build.
#
#   Benchmarks/server/uncached.sh
#   DEEPLINK_BENCH_POSTGRES_URL=postgres://u:p@127.0.0.1:5432/db Benchmarks/server/uncached.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
CONFIG=Examples/Shop/MobileDeepLinkingConfig.json
LINKS=${LINKS:-1000000}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-8s} CONNECTIONS=${CONNECTIONS:-64} THREADS=${THREADS:-2}
source Benchmarks/server/common.sh
command -v sqlite3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3 >/dev/null; }
IPHONE="Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"

links_sql() {
    local series=$1
    cat <<SQL
INSERT INTO links (code, deep_link, app_store_id, play_package, preview_title, utm_source, utm_medium, utm_campaign, created_at, updated_at)
SELECT 'link' || i, 'shop://sales/' || (i % 5000), '123456789', 'com.example.shop', 'Sale ' || i, 'source-' || (i % 20), 'email',
       'campaign-' || (i % 500), 1795784341 - i, 1795784341 - i
FROM $series;
SQL
}

cat >"$WORK/random.lua" <<LUA
math.randomseed(7)
request = function()
    return wrk.format("GET", "/link" .. math.random(0, $LINKS - 1), { ["User-Agent"] = "$IPHONE" })
end
LUA

run_database() {
    local name=$1 database=$2
    # Creating a key migrates the new database.
    "$BIN" keys create --name bench --database "$database" --json >/dev/null
    if [[ $name == sqlite ]]; then
        {
            echo "BEGIN; CREATE TEMP TABLE n AS WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < $LINKS - 1) SELECT i FROM s;"
            links_sql n
            echo "COMMIT; ANALYZE;"
        } | sqlite3 -bail "${database#sqlite:}"
    else
        { links_sql "generate_series(0, $LINKS - 1) AS s(i)"; echo "ANALYZE links;"; } | psql -q -v ON_ERROR_STOP=1 "$database" >/dev/null
    fi
    PORT=$(free_port)
    "$BIN" serve --config "$CONFIG" --database "$database" --port "$PORT" --log-level warning --connections-per-address 0 \
        2>"$WORK/serve-$name.log" &
    PID=$!
    PIDS+=("$PID")
    for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
    measure "http://127.0.0.1:$PORT/" -s "$WORK/random.lua" >/dev/null
    local peak=0
    for round in $(seq 1 "$ROUNDS"); do
        read -r rps p50 p99 errors < <(measure "http://127.0.0.1:$PORT/" -s "$WORK/random.lua")
        printf '%-10s %-6s %10s %9s %9s %7s   %s\n' "$name" "peak" "$rps" "$p50" "$p99" "$errors" "(closed loop)"
        peak=$(python3 -c "print(max($peak, $rps))")
    done
    local delay
    delay=$(python3 -c "print(round($CONNECTIONS * 1000 / ($peak / 2)))")
    sed "s/^request = /delay = function() return $delay end\nrequest = /" "$WORK/random.lua" >"$WORK/half.lua"
    for round in $(seq 1 "$ROUNDS"); do
        read -r rps p50 p99 errors < <(measure "http://127.0.0.1:$PORT/" -s "$WORK/half.lua")
        printf '%-10s %-6s %10s %9s %9s %7s   %s\n' "$name" "half" "$rps" "$p50" "$p99" "$errors" \
            "$(python3 -c "print('met' if $p99 <= 10 else 'not met')") (target $(python3 -c "print(round($peak / 2))") req/s, ${delay} ms between a connection's requests)"
    done
    kill "$PID"
    wait "$PID" 2>/dev/null || true
}

printf '%-10s %-6s %10s %9s %9s %7s   %s\n' database load "req/s" "p50 ms" "p99 ms" errors "p99 <= 10 ms at half the peak"
if [[ -z ${SKIP_SQLITE:-} ]]; then run_database sqlite "sqlite:$WORK/uncached.sqlite"; fi
if [[ -n ${DEEPLINK_BENCH_POSTGRES_URL:-} ]]; then
    psql -q "$DEEPLINK_BENCH_POSTGRES_URL" -c "SET client_min_messages = warning; DROP SCHEMA public CASCADE; CREATE SCHEMA public;" >/dev/null
    run_database postgresql "$DEEPLINK_BENCH_POSTGRES_URL"
fi
