#!/usr/bin/env bash
# Recording clicks at full speed (issue 15): wrk opens one short link for DURATION (60 s) at
# CONNECTIONS (64) as a desktop browser, then the link's stats must count exactly the responses
# wrk received, with the p99 of those requests beside it (opening a link never waits for the
# database: counts are added up in memory and written once a second). Then the same for 20 s with
# the server stopped by SIGTERM half way: after a restart on the same database, the total must
# still be every response wrk received, so the shutdown lost none of the buffered counts. SQLite
# and, when DEEPLINK_BENCH_POSTGRES_URL is set, PostgreSQL. Exits 1 when a count differs.
#
#   Benchmarks/server/clicks.sh
#   DEEPLINK_BENCH_POSTGRES_URL=postgres://u:p@127.0.0.1:5432/db DURATION=60s Benchmarks/server/clicks.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-60s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
CONFIG=Examples/Shop/MobileDeepLinkingConfig.json
DESKTOP="Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36"
source Benchmarks/server/common.sh

# Runs wrk for a duration on the link and prints "responses non_2xx_3xx socket_errors p99_ms".
count_wrk() {
    local duration=$1
    local out
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$duration" --latency -H "User-Agent: $DESKTOP" "http://127.0.0.1:$PORT/$CODE" 2>&1 || true)
    python3 - "$out" <<'PY'
import re, sys
text = sys.argv[1]
responses = int(re.search(r"(\d+) requests in", text).group(1))
m = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
bad = int(m.group(1)) if m else 0
m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
errors = sum(int(g) for g in m.groups()) if m else 0
m = re.search(r"^\s*99%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
p99 = float(m.group(1)) / 1000 if m.group(2) == "us" else float(m.group(1)) * (1000 if m.group(2) == "s" else 1)
print(responses, bad, errors, f"{p99:.2f}")
PY
}

# The link's stored click total, read through the admin API (which writes the buffered counts first).
stored_total() {
    curl -fs "http://127.0.0.1:$PORT/api/v1/links/$CODE/stats?days=2" -H "Authorization: Bearer $TOKEN" \
        | python3 -c 'import json, sys; print(json.load(sys.stdin)["totalClicks"])'
}

# Starts deeplink serve again on a database, keeping TOKEN and CODE.
restart_server() {
    local database=$1
    PORT=$(free_port)
    "$BIN" serve --config "$CONFIG" --database "$database" --port "$PORT" --log-level warning --connections-per-address 0 \
        2>"$WORK/serve-$PORT.log" &
    PID=$!
    PIDS+=("$PID")
    for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
}

# Prints the verdict on a stored total against the responses wrk counted. When wrk's time is up
# it stops reading, so requests the server had already answered (and counted) are not among its
# responses: at most one per connection. Fewer stored than answered is a lost click.
compare() {
    local answered=$1 stored=$2
    local extra=$((stored - answered))
    if ((extra == 0)); then
        echo equal
    elif ((extra > 0 && extra <= CONNECTIONS)); then
        echo "equal + $extra answered after wrk stopped reading"
    else
        echo DIFFERENT
    fi
}

status=0
run_database() {
    local name=$1 database=$2
    start_server "$database"
    read -r responses bad errors p99 < <(count_wrk "$DURATION")
    local counted=$((responses - bad))
    local stored
    stored=$(stored_total)
    local verdict
    verdict=$(compare "$counted" "$stored")
    [[ "$verdict" == DIFFERENT ]] && status=1
    printf '%-12s %-22s %12s %12s %8s %8s   %s\n' "$name" "full speed, $DURATION" "$counted" "$stored" "$errors" "$p99" "$verdict"

    # SIGTERM half way through a 20 s run; wrk's later requests fail to connect and are not responses.
    (sleep 10 && kill -TERM "$PID") &
    local stopper=$!
    read -r responses2 bad2 errors2 p99_2 < <(count_wrk 20s)
    wait "$stopper"
    wait "$PID" 2>/dev/null || true
    restart_server "$database"
    local stored2
    stored2=$(stored_total)
    local expected=$((counted + responses2 - bad2))
    verdict=$(compare "$expected" "$stored2")
    [[ "$verdict" == DIFFERENT ]] && status=1
    printf '%-12s %-22s %12s %12s %8s %8s   %s\n' "$name" "SIGTERM at 10 s of 20" "$expected" "$stored2" "$errors2" "$p99_2" "$verdict"
    kill "$PID"
    wait "$PID" 2>/dev/null || true
}

printf '%-12s %-22s %12s %12s %8s %8s   %s\n' database run "answered" "stored" "sockerr" "p99 ms" "clicks"
run_database sqlite "sqlite:$WORK/clicks.sqlite"
if [[ -n "${DEEPLINK_BENCH_POSTGRES_URL:-}" ]]; then
    run_database postgres "$DEEPLINK_BENCH_POSTGRES_URL"
fi
echo "wrk -t$THREADS -c$CONNECTIONS over loopback, release build; $(nproc) cores; answered = responses wrk received (2xx/3xx)" >&2
exit "$status"
