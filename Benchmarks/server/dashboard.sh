#!/usr/bin/env bash
# The dashboard at scale (issue 13): 100,000 links and 10 million clicks (1,000,000 click buckets
# over 90 days, their all-links totals, and store hops and installs for every link), written
# straight into the database, then the list, search and numbers pages timed one request after
# another through a signed-in session: p50 and p95 of REQUESTS (100) each, against the goal of
# 200 ms at p95. SQLite, and PostgreSQL when DEEPLINK_BENCH_POSTGRES_URL names an empty
# database (its tables are dropped and made again). Release build.
#
#   Benchmarks/server/dashboard.sh
#   DEEPLINK_BENCH_POSTGRES_URL=postgres://u:p@127.0.0.1:5432/db Benchmarks/server/dashboard.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
CONFIG=Examples/Shop/MobileDeepLinkingConfig.json
DURATION=1s CONNECTIONS=1 THREADS=1
REQUESTS=${REQUESTS:-100}
source Benchmarks/server/common.sh
command -v sqlite3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3 >/dev/null; }

# The rows, in SQL both databases run once `series` (0 … N-1) is defined for each.
fill_sql() {
    local series_links=$1 series_clicks=$2 day_expression=$3 now=$4
    cat <<SQL
INSERT INTO links (code, deep_link, play_package, utm_campaign, utm_source, utm_medium, ios_fallback_url, expires_at, created_at, updated_at)
SELECT 'bench' || i, 'shop://sales/' || i, 'com.example.shop', 'campaign-' || (i % 500), 'source-' || (i % 20), 'email',
       CASE WHEN i % 10 = 0 THEN 'https://shop.example.com/ios' END, CASE WHEN i % 7 = 0 THEN $now - 86400 END,
       $now - i * 60, $now - i * 60
FROM $series_links;
INSERT INTO clicks (code, day, platform, referrer_domain, utm_source, utm_medium, utm_campaign, count)
SELECT 'bench' || (i / 10), $day_expression,
       CASE i % 4 WHEN 0 THEN 'ios' WHEN 1 THEN 'android' WHEN 2 THEN 'desktop' ELSE 'crawler' END,
       CASE i % 3 WHEN 0 THEN '' WHEN 1 THEN 'instagram.com' ELSE 'news.example' END,
       'source-' || ((i / 10) % 20), 'email', 'campaign-' || ((i / 10) % 500), 10
FROM $series_clicks;
$(click_rollups_sql)
INSERT INTO deferred_counts (code, day, platform, store_hops, claims)
SELECT code, day, platform, SUM(count) / 5, SUM(count) / 20 FROM clicks WHERE platform IN ('ios', 'android') GROUP BY code, day, platform;
INSERT INTO deferred_totals (day, platform, store_hops, claims)
SELECT day, platform, SUM(store_hops), SUM(claims) FROM deferred_counts GROUP BY day, platform;
SQL
}

# Signs in and times the pages; prints one line per page: "page p50 p95 max".
time_pages() {
    local base=$1 token=$2
    python3 - "$base" "$token" "$REQUESTS" <<'PY'
import random, statistics, sys, time, urllib.request, urllib.parse, http.client
base, token, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
host, port = urllib.parse.urlparse(base).hostname, urllib.parse.urlparse(base).port
connection = http.client.HTTPConnection(host, port, timeout=30)
# The sign-in page first: its form token and the cookie that must repeat it.
connection.request("GET", "/dashboard/sign-in")
response = connection.getresponse()
page = response.read().decode()
form_token = page.split('name="form_token" value="')[1].split('"')[0]
sign_in_cookie = response.getheader("Set-Cookie").split(";")[0]
connection.request("POST", "/dashboard/sign-in", body=f"key={token}&form_token={form_token}",
                   headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": sign_in_cookie})
response = connection.getresponse()
response.read()
cookie = next(value.split(";")[0] for name, value in response.getheaders()
              if name.lower() == "set-cookie" and value.startswith("deeplink_session="))
random.seed(7)
pages = {
    "list, newest first": lambda: "/dashboard/links",
    "list, a random page": lambda: f"/dashboard/links?page={random.randint(1, 4000)}",
    "list, most clicks first": lambda: "/dashboard/links?sort=clicks",
    "list, most clicks, random page": lambda: f"/dashboard/links?sort=clicks&page={random.randint(1, 4000)}",
    "list, filtered (iPhone page)": lambda: f"/dashboard/links?filter=ios-fallback&page={random.randint(1, 400)}",
    "search, a campaign": lambda: f"/dashboard/links?q=campaign-{random.randint(0, 499)}",
    "search, no match": lambda: f"/dashboard/links?q=nothing-{random.randint(0, 10**6)}",
    "link numbers, 90 days": lambda: f"/dashboard/links/bench{random.randint(0, 99999)}?days=90",
    "all numbers, 90 days": lambda: "/dashboard/numbers?days=90",
    "all numbers, 7 days": lambda: "/dashboard/numbers?days=7",
}
for name, path in pages.items():
    times = []
    for _ in range(count):
        started = time.perf_counter()
        connection.request("GET", path(), headers={"Cookie": cookie})
        response = connection.getresponse()
        response.read()
        times.append((time.perf_counter() - started) * 1000)
        if response.status != 200:
            sys.exit(f"{name}: {response.status}")
    times.sort()
    p95 = times[int(0.95 * len(times)) - 1]
    print(f"{name:30} {statistics.median(times):8.1f} {p95:8.1f} {times[-1]:8.1f}   {'ok' if p95 < 200 else 'OVER'}")
PY
}

run_database() {
    local name=$1 database=$2
    local token
    token=$("$BIN" keys create --name bench --database "$database" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
    local now
    now=$(date +%s)
    local started=$SECONDS
    if [[ $name == sqlite ]]; then
        local path=${database#sqlite:}
        {
            echo "PRAGMA journal_mode=WAL; BEGIN;"
            echo "CREATE TEMP TABLE n100k AS WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < 99999) SELECT i FROM s;"
            echo "CREATE TEMP TABLE n1m AS WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < 999999) SELECT i FROM s;"
            fill_sql n100k n1m "strftime('%Y-%m-%d', $now - (i % 10) * 9 * 86400, 'unixepoch')" "$now"
            echo "COMMIT; ANALYZE;"
        } | sqlite3 "$path"
    else
        {
            echo "BEGIN;"
            fill_sql "generate_series(0, 99999) AS s(i)" "generate_series(0, 999999) AS s(i)" \
                "to_char(to_timestamp($now - (i % 10) * 9 * 86400) AT TIME ZONE 'UTC', 'YYYY-MM-DD')" "$now"
            echo "COMMIT; ANALYZE;"
        } | psql -q "$database" >/dev/null
    fi
    echo "$name: 100,000 links and 10,000,000 clicks written in $((SECONDS - started)) s" >&2
    PORT=$(free_port)
    "$BIN" serve --config "$CONFIG" --database "$database" --port "$PORT" --log-level warning --connections-per-address 0 2>"$WORK/serve-$name.log" &
    PIDS+=($!)
    for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
    printf '%-10s %-30s %8s %8s %8s\n' database page "p50 ms" "p95 ms" "max ms"
    time_pages "http://127.0.0.1:$PORT" "$token" | sed "s/^/$(printf '%-10s ' "$name")/"
}

run_database sqlite "sqlite:$WORK/dashboard.sqlite"
if [[ -n "${DEEPLINK_BENCH_POSTGRES_URL:-}" ]]; then
    psql -q "$DEEPLINK_BENCH_POSTGRES_URL" -c "DROP SCHEMA public CASCADE; CREATE SCHEMA public;" >/dev/null
    run_database postgres "$DEEPLINK_BENCH_POSTGRES_URL"
fi
echo "$REQUESTS sequential requests per page through one signed-in connection; release build; $(nproc) cores" >&2
