#!/usr/bin/env bash
# How soon `deeplink serve` answers (issue 31): the example app with ROUTES routes (10,000), each
# a route of a section (list, detail, nested detail, featured slot, as router-benchmarks' table),
# on a new SQLite database; the time from starting the process to the first 200 from /healthz
# and to the first landing page, RUNS times (5), with the median. The config load alone is
# `router-benchmarks load`.
#
#   Benchmarks/server/startup.sh
#   ROUTES=1000 RUNS=3 BENCH_BIN=.build/release/deeplink Benchmarks/server/startup.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
CONFIG=Examples/Shop/MobileDeepLinkingConfig.json
DURATION=1s CONNECTIONS=1 THREADS=1
ROUTES=${ROUTES:-10000}
RUNS=${RUNS:-5}
source Benchmarks/server/common.sh

python3 - "$CONFIG" "$ROUTES" "$WORK/big.json" <<'PY'
import json, sys
source, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
config = json.load(open(source))
routes = dict(config["routes"])
section = 0
while len(routes) < count:
    name = f"section{section}"
    for key in [name, f"{name}/:itemId", f"{name}/:itemId/reviews", f"{name}/:itemId/reviews/:reviewId", f"{name}/featured/:slot"]:
        if len(routes) >= count:
            break
        parameters = {part[1:]: {"required": True, "regex": "[0-9]{1,9}"} for part in key.split("/") if part.startswith(":")}
        routes[key] = {"class": "Screen", "handlers": ["logAnalytics"], "routeParameters": parameters}
    section += 1
config["routes"] = routes
config.pop("server", None)
json.dump(config, open(out, "w"))
PY
echo "$(python3 -c "import json; print(len(json.load(open('$WORK/big.json'))['routes']))") routes, $(du -k "$WORK/big.json" | cut -f1) KB of JSON" >&2

results=()
for run in $(seq 1 "$RUNS"); do
    PORT=$(free_port)
    database="sqlite:$WORK/run$run.sqlite"
    # A link to open, written before the server starts.
    "$BIN" links create --config "$WORK/big.json" --database "$database" --code spring --deep-link shop://sales/42 >/dev/null 2>&1
    line=$(python3 - "$BIN" "$WORK/big.json" "$database" "$PORT" <<'PY'
import subprocess, sys, time, urllib.request
binary, config, database, port = sys.argv[1:]
started = time.perf_counter()
server = subprocess.Popen([binary, "serve", "--config", config, "--database", database, "--port", port, "--log-level", "warning"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
health = page = None
try:
    while time.perf_counter() - started < 30:
        try:
            if health is None:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
                health = time.perf_counter() - started
            request = urllib.request.Request(f"http://127.0.0.1:{port}/spring", headers={"User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)"})
            urllib.request.urlopen(request, timeout=1).read()
            page = time.perf_counter() - started
            break
        except Exception:
            time.sleep(0.005)
finally:
    server.terminate()
    server.wait()
print(f"{health * 1000:.0f} {page * 1000:.0f}")
PY
)
    results+=("$line")
    echo "run $run: first /healthz after ${line% *} ms, first landing page after ${line#* } ms" >&2
done
printf '%s\n' "${results[@]}" | python3 -c '
import sys, statistics
rows = [tuple(map(float, line.split())) for line in sys.stdin if line.strip()]
print(f"median: first /healthz {statistics.median(r[0] for r in rows):.0f} ms, first landing page {statistics.median(r[1] for r in rows):.0f} ms (goal: under 1,000 ms)")'
