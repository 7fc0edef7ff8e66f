# Sourced by the scripts here: installs wrk and nginx if missing, builds the release server
# (unless BENCH_BIN names a deeplink to use instead, as compare.sh does), and defines free_port,
# measure (wrk → "rps p50_ms p99_ms errors"), rss_mb and start_server (whose standard error goes
# to SERVE_LOG when that names a file).
# Expects CONFIG, DURATION, CONNECTIONS and THREADS to be set.

missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || missing+=(nginx)
if ((${#missing[@]})); then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [[ -n "${BENCH_BIN:-}" ]]; then
    BIN=$BENCH_BIN
else
    swift build -c release --product deeplink --traits PostgreSQL >&2
    BIN=$(swift build -c release --traits PostgreSQL --show-bin-path)/deeplink
fi

WORK=$(mktemp -d)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    if [[ -f "$WORK/nginx.pid" ]]; then kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

# Runs wrk and prints "rps p50_ms p99_ms errors".
measure() {
    local url=$1
    shift
    local out
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$@" "$url")
    python3 - "$out" <<'PY'
import re, sys
text = sys.argv[1]
def ms(label):
    m = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    value, unit = float(m.group(1)), m.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
errors = 0
m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
if m: errors += sum(int(g) for g in m.groups())
m = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
if m: errors += int(m.group(1))
print(f"{rps:.0f} {ms('50%'):.2f} {ms('99%'):.2f} {errors}")
PY
}

rss_mb() { awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$1/status"; }

# Starts deeplink serve on a database, creates a key and a link; sets PORT, PID and TOKEN.
start_server() {
    local database=$1
    TOKEN=$("$BIN" keys create --name bench --database "$database" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
    PORT=$(free_port)
    # The per-address limits are lifted: every wrk connection comes from 127.0.0.1.
    "$BIN" serve --config "$CONFIG" --database "$database" --port "$PORT" --log-level warning \
        --claims-per-minute 100000000 --deferred-clicks-per-minute 100000000 --connections-per-address 0 2>"${SERVE_LOG:-$WORK/serve-$PORT.log}" &
    PID=$!
    PIDS+=("$PID")
    for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
    CODE="bench$RANDOM$RANDOM"
    curl -fs -X POST "http://127.0.0.1:$PORT/api/v1/links" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
        -d "{\"code\": \"$CODE\", \"deepLink\": \"shop://sales/42\", \"fallbacks\": {\"appStoreID\": \"123456789\"}, \"preview\": {\"title\": \"Spring sale\"}}" >/dev/null
}


# The statements that fill the click rollups (click_totals, link_click_totals) from the clicks
# table, as the schema's migrations do, for benchmarks that write clicks as SQL.
click_rollups_sql() {
    # As the server writes them: people's clicks along every dimension, link-preview crawlers'
    # visits under `crawler` only, and each link's clicks of all time for the list's order.
    cat <<'SQL'
INSERT INTO click_totals (day, dimension, name, count)
SELECT day, 'day', day, SUM(count) FROM clicks WHERE platform <> 'crawler' GROUP BY day
UNION ALL SELECT day, 'crawler', day, SUM(count) FROM clicks WHERE platform = 'crawler' GROUP BY day
UNION ALL SELECT day, 'platform', platform, SUM(count) FROM clicks WHERE platform <> 'crawler' GROUP BY day, platform
UNION ALL SELECT day, 'referrer_domain', referrer_domain, SUM(count) FROM clicks WHERE platform <> 'crawler' GROUP BY day, referrer_domain
UNION ALL SELECT day, 'utm_source', utm_source, SUM(count) FROM clicks WHERE platform <> 'crawler' GROUP BY day, utm_source
UNION ALL SELECT day, 'utm_medium', utm_medium, SUM(count) FROM clicks WHERE platform <> 'crawler' GROUP BY day, utm_medium
UNION ALL SELECT day, 'utm_campaign', utm_campaign, SUM(count) FROM clicks WHERE platform <> 'crawler' GROUP BY day, utm_campaign;
INSERT INTO link_click_totals (code, day, dimension, name, count)
SELECT code, day, 'day', day, SUM(count) FROM clicks WHERE platform <> 'crawler' GROUP BY code, day
UNION ALL SELECT code, day, 'crawler', day, SUM(count) FROM clicks WHERE platform = 'crawler' GROUP BY code, day
UNION ALL SELECT code, day, 'platform', platform, SUM(count) FROM clicks WHERE platform <> 'crawler' GROUP BY code, day, platform
UNION ALL SELECT code, day, 'referrer_domain', referrer_domain, SUM(count) FROM clicks WHERE platform <> 'crawler' GROUP BY code, day, referrer_domain
UNION ALL SELECT code, day, 'utm_source', utm_source, SUM(count) FROM clicks WHERE platform <> 'crawler' GROUP BY code, day, utm_source
UNION ALL SELECT code, day, 'utm_medium', utm_medium, SUM(count) FROM clicks WHERE platform <> 'crawler' GROUP BY code, day, utm_medium
UNION ALL SELECT code, day, 'utm_campaign', utm_campaign, SUM(count) FROM clicks WHERE platform <> 'crawler' GROUP BY code, day, utm_campaign;
INSERT INTO link_clicks (link_code, clicks)
SELECT code, SUM(count) FROM clicks WHERE platform <> 'crawler' GROUP BY code;
SQL
}
