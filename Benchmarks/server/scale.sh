#!/usr/bin/env bash
# Data at scale (issue 15): LINKS links (1,000,000) written through the stores' own bulk path
# (`deeplink import firebase` of a generated Takeout export, 500 rows a statement), then 10 million
# clicks over 90 days (1,000,000 click buckets written as SQL, with their rollups; one link, `hot`,
# has a million of them), then in one run:
#   - `GET /{code}` over random codes from the million (the 2 s cache mostly misses) against the
#     same link over and over (cached), wrk -t2 -c64, p99 and the ratio;
#   - the stats of the link with a million clicks (admin API without and with its 21,600-bucket
#     series, and the dashboard page) and the all-links numbers over ten million, 50 sequential
#     requests each, p50 and p95.
# SQLite (unless SKIP_SQLITE is set), and PostgreSQL when DEEPLINK_BENCH_POSTGRES_URL names a
# database it may empty.
#
#   Benchmarks/server/scale.sh
#   LINKS=100000 DEEPLINK_BENCH_POSTGRES_URL=postgres://u:p@127.0.0.1:5432/db Benchmarks/server/scale.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
CONFIG=Examples/Shop/MobileDeepLinkingConfig.json
LINKS=${LINKS:-1000000}
DURATION=${DURATION:-15s} CONNECTIONS=${CONNECTIONS:-64} THREADS=${THREADS:-2}
source Benchmarks/server/common.sh
command -v sqlite3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3 >/dev/null; }
IPHONE="Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"

echo "generating a Takeout export of $LINKS links" >&2
python3 - "$WORK/export.csv" "$LINKS" <<'PY'
import sys
path, count = sys.argv[1], int(sys.argv[2])
header = ("Short link,Deep link (link),Android package name (apn),Android fallback link (afl),Android minimum package version code (amv),"
          "iOS bundle ID (ibi),iOS fallback link (ifl),iOS custom scheme (ius),iOS iPad fallback link (ipfl),iOS iPad bundle ID (ipbi),"
          "iOS app store ID (isi),iOS minimum version (imv),Enable forced redirect? (efr),Desktop fallback link (ofl),Social title (st),"
          "Social description (sd),Social image link (si),UTM source (utm_source),UTM medium (utm_medium),UTM campaign (utm_campaign),"
          "UTM term (utm_term),UTM content (utm_content),iTunes connect at,iTunes connect ct,iTunes connect mt,iTunes connect pt,"
          "Archived?,Link name,Creation timestamp")
with open(path, "w") as out:
    out.write(header + "\n")
    out.write("https://shop.page.link/hot,https://shop.example.com/sales/1,com.example.shop,,,com.example.shop,,,,,123456789,,,,Hot,,,"
              "newsletter,email,hot,,,,,,,FALSE,Hot,2023-06-01 09:30:00 UTC\n")
    for i in range(count - 1):
        out.write(f"https://shop.page.link/link{i},https://shop.example.com/sales/{i % 5000},com.example.shop,,,com.example.shop,,,,,"
                  f"123456789,,,,Sale {i},,,source-{i % 20},email,campaign-{i % 500},,,,,,,FALSE,Link {i},2023-06-01 09:30:00 UTC\n")
PY

# 10 million clicks: the million buckets of `hot` (a million clicks) and of the first 90,000
# links (10 clicks each), over 90 days, platforms, referrers and UTM values, with the rollups.
clicks_sql() {
    local series=$1 day=$2
    cat <<SQL
INSERT INTO clicks (code, day, platform, referrer_domain, utm_source, utm_medium, utm_campaign, count)
SELECT 'hot', $day, CASE (i / 90) % 4 WHEN 0 THEN 'ios' WHEN 1 THEN 'android' WHEN 2 THEN 'desktop' ELSE 'crawler' END,
       CASE (i / 360) % 3 WHEN 0 THEN '' WHEN 1 THEN 'instagram.com' ELSE 'news.example' END, 'source-' || (i / 1080 % 20), 'email', 'hot',
       1000000 / 21600
FROM $series WHERE i < 21600;
INSERT INTO clicks (code, day, platform, referrer_domain, utm_source, utm_medium, utm_campaign, count)
SELECT 'link' || (i / 10), $day, CASE i % 4 WHEN 0 THEN 'ios' WHEN 1 THEN 'android' WHEN 2 THEN 'desktop' ELSE 'crawler' END,
       CASE i % 3 WHEN 0 THEN '' WHEN 1 THEN 'instagram.com' ELSE 'news.example' END, 'source-' || ((i / 10) % 20), 'email',
       'campaign-' || ((i / 10) % 500), 10
FROM $series WHERE i < 900000 AND i / 10 < $LINKS - 1;
$(click_rollups_sql)
SQL
}

# Sequential requests; prints "p50 p95" in ms.
time_requests() {
    python3 - "$@" <<'PY'
import http.client, sys, time, urllib.parse
base, count, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
headers = dict(h.split(": ", 1) for h in sys.argv[4:])
url = urllib.parse.urlparse(base)
connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
times = []
for _ in range(count):
    started = time.perf_counter()
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    response.read()
    if response.status != 200:
        sys.exit(f"{path}: {response.status}")
    times.append((time.perf_counter() - started) * 1000)
times.sort()
print(f"{times[len(times) // 2]:.1f} {times[int(0.95 * len(times)) - 1]:.1f}")
PY
}

# Signs in to the dashboard and prints the session cookie.
sign_in() {
    python3 - "$1" "$2" <<'PY'
import http.client, sys, urllib.parse
url = urllib.parse.urlparse(sys.argv[1])
connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
connection.request("GET", "/dashboard/sign-in")
response = connection.getresponse()
token = response.read().decode().split('name="form_token" value="')[1].split('"')[0]
cookie = response.getheader("Set-Cookie").split(";")[0]
connection.request("POST", "/dashboard/sign-in", body=f"key={sys.argv[2]}&form_token={token}",
                   headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
response = connection.getresponse()
response.read()
print(next(v.split(";")[0] for k, v in response.getheaders() if k.lower() == "set-cookie" and v.startswith("deeplink_session=")))
PY
}

run_database() {
    local name=$1 database=$2
    local started=$SECONDS
    "$BIN" import firebase "$WORK/export.csv" --config "$CONFIG" --database "$database" >/dev/null 2>"$WORK/import-$name.log" \
        || { tail -5 "$WORK/import-$name.log" >&2; exit 1; }
    local imported=$((SECONDS - started))
    started=$SECONDS
    local now
    now=$(date +%s)
    if [[ $name == sqlite ]]; then
        {
            echo "PRAGMA foreign_keys = ON; BEGIN;"
            echo "CREATE TEMP TABLE n AS WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < 999999) SELECT i FROM s;"
            clicks_sql n "strftime('%Y-%m-%d', $now - (i % 90) * 86400, 'unixepoch')"
            echo "COMMIT; ANALYZE;"
        } | sqlite3 -bail "${database#sqlite:}"
    else
        {
            echo "BEGIN;"
            clicks_sql "generate_series(0, 999999) AS s(i)" "to_char(to_timestamp($now - (i % 90) * 86400) AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
            echo "COMMIT; ANALYZE links, clicks, click_totals, link_click_totals, link_clicks;"
        } | psql -q -v ON_ERROR_STOP=1 "$database" >/dev/null
    fi
    local clicked=$((SECONDS - started))
    local size total
    if [[ $name == sqlite ]]; then
        size=$(du -m "${database#sqlite:}" | cut -f1)
        total=$(sqlite3 "${database#sqlite:}" "SELECT SUM(count) || ' clicks in ' || COUNT(*) || ' buckets' FROM clicks")
    else
        size=$(psql -tA "$database" -c "SELECT pg_database_size(current_database()) / 1048576")
        total=$(psql -tA "$database" -c "SELECT SUM(count) || ' clicks in ' || COUNT(*) || ' buckets' FROM clicks")
    fi
    echo "$name: $LINKS links imported in $imported s, $total written in $clicked s, database $size MB" >&2

    local token
    token=$("$BIN" keys create --name bench --database "$database" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
    PORT=$(free_port)
    "$BIN" serve --config "$CONFIG" --database "$database" --port "$PORT" --log-level warning --connections-per-address 0 \
        2>"$WORK/serve-$name.log" &
    PIDS+=($!)
    for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
    cat >"$WORK/random.lua" <<LUA
math.randomseed(7)
request = function()
    return wrk.format("GET", "/link" .. math.random(0, $LINKS - 2), { ["User-Agent"] = "$IPHONE" })
end
LUA
    read -r cached_rps _ cached_p99 cached_errors < <(measure "http://127.0.0.1:$PORT/hot" -H "User-Agent: $IPHONE")
    read -r random_rps _ random_p99 random_errors < <(measure "http://127.0.0.1:$PORT/" -s "$WORK/random.lua")
    printf '%-10s %-34s %10s %10s %8s\n' "$name" "GET /{code}, one link (cached)" "$cached_rps" "$cached_p99" "$cached_errors"
    printf '%-10s %-34s %10s %10s %8s   %s\n' "$name" "GET /{code}, random of $LINKS" "$random_rps" "$random_p99" "$random_errors" \
        "$(python3 -c "print(f'{$random_rps / $cached_rps:.2f} of cached')")"
    local cookie
    cookie=$(sign_in "http://127.0.0.1:$PORT" "$token")
    printf '%-10s %-34s %s\n' "$name" "stats API, 1M-click link, 90 days" \
        "$(time_requests "http://127.0.0.1:$PORT" 50 "/api/v1/links/hot/stats?days=90" "Authorization: Bearer $token")"
    printf '%-10s %-34s %s\n' "$name" "stats API, same, series=true" \
        "$(time_requests "http://127.0.0.1:$PORT" 50 "/api/v1/links/hot/stats?days=90&series=true" "Authorization: Bearer $token")"
    printf '%-10s %-34s %s\n' "$name" "stats API, all links, 90 days" \
        "$(time_requests "http://127.0.0.1:$PORT" 50 "/api/v1/stats?days=90" "Authorization: Bearer $token")"
    printf '%-10s %-34s %s\n' "$name" "dashboard, 1M-click link, 90 days" \
        "$(time_requests "http://127.0.0.1:$PORT" 50 "/dashboard/links/hot?days=90" "Cookie: $cookie")"
    printf '%-10s %-34s %s\n' "$name" "dashboard list, most clicks first" \
        "$(time_requests "http://127.0.0.1:$PORT" 50 "/dashboard/links?sort=clicks" "Cookie: $cookie")"
    printf '%-10s %-34s %s\n' "$name" "dashboard list, same, page 2,000" \
        "$(time_requests "http://127.0.0.1:$PORT" 50 "/dashboard/links?sort=clicks&page=2000" "Cookie: $cookie")"
    printf '%-10s %-34s %s\n' "$name" "dashboard, all links, 90 days" \
        "$(time_requests "http://127.0.0.1:$PORT" 50 "/dashboard/numbers?days=90" "Cookie: $cookie")"
}

printf '%-10s %-34s %10s %10s %8s\n' database target "req/s" "p99 ms" errors
[[ -n "${SKIP_SQLITE:-}" ]] || run_database sqlite "sqlite:$WORK/scale.sqlite"
if [[ -n "${DEEPLINK_BENCH_POSTGRES_URL:-}" ]]; then
    psql -q "$DEEPLINK_BENCH_POSTGRES_URL" -c "DROP SCHEMA public CASCADE; CREATE SCHEMA public;" >/dev/null
    run_database postgres "$DEEPLINK_BENCH_POSTGRES_URL"
fi
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION over loopback, release build, $(nproc) cores; sequential timings over one connection" >&2
