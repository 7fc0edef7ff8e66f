#!/usr/bin/env bash
# /healthz under a password-guessing flood (issue 30): 20 clients, each from its own address
# (X-Forwarded-For, with the server told to trust it), each sending ATTEMPTS (10, within the
# per-address limit of 10 a minute) wrong dashboard sign-ins one after another. NAMES=known (the
# default, the probe's attack) tries the one existing user's name every time; NAMES=unique gives
# each attempt a name of its own, so that a per-name limit cannot stop it and every attempt costs a
# bcrypt check (unknown names are checked against a hash too). Meanwhile one client asks for
# /healthz every 10 ms. Prints /healthz p50, p95 and max with
# no flood and under it, the flood's answers by status, and how long it lasted. Release build;
# BENCH_BIN names another deeplink to measure (an older build, for before and after).
#
#   Benchmarks/server/sign-in-flood.sh
#   BENCH_BIN=/path/to/old/deeplink Benchmarks/server/sign-in-flood.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
CONFIG=Examples/Shop/MobileDeepLinkingConfig.json
DURATION=1s CONNECTIONS=1 THREADS=1
ATTACKERS=${ATTACKERS:-20}
ATTEMPTS=${ATTEMPTS:-10}
NAMES=${NAMES:-known}
source Benchmarks/server/common.sh

database="$WORK/flood.sqlite"
printf 'a long and unguessable passphrase\n' | "$BIN" users create maria --password-stdin --database "$database" >/dev/null
PORT=$(free_port)
"$BIN" serve --config "$CONFIG" --database "$database" --port "$PORT" --log-level error \
    --client-address-header X-Forwarded-For 2>"$WORK/serve.log" &
PIDS+=("$!")
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done

python3 - "$PORT" "$ATTACKERS" "$ATTEMPTS" "$NAMES" <<'PY'
import collections, http.client, statistics, sys, threading, time
port, attackers, attempts, names = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
origin = f"http://127.0.0.1:{port}"

def percentiles(times):
    times = sorted(times)
    return (statistics.median(times), times[max(0, int(len(times) * 0.95) - 1)], times[-1])

def probe(stop, times):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    while not stop.is_set():
        started = time.perf_counter()
        connection.request("GET", "/healthz")
        connection.getresponse().read()
        times.append((time.perf_counter() - started) * 1000)
        time.sleep(0.01)

statuses = collections.Counter()
def attack(number):
    address = f"198.51.100.{number + 1}"
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    for attempt in range(attempts):
        connection.request("GET", "/dashboard/sign-in", headers={"X-Forwarded-For": address})
        response = connection.getresponse()
        page = response.read().decode()
        token = page.split('name="form_token" value="')[1].split('"')[0]
        cookie = response.getheader("Set-Cookie").split(";")[0]
        name = "maria" if names == "known" else f"guess{number}x{attempt}"
        body = f"form_token={token}&name={name}&password=wrong-password-{number}-{attempt}"
        connection.request("POST", "/dashboard/sign-in", body=body, headers={
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie, "Origin": origin,
            "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": address})
        response = connection.getresponse()
        response.read()
        statuses[response.status] += 1

quiet = []
stop = threading.Event()
prober = threading.Thread(target=probe, args=(stop, quiet))
prober.start()
time.sleep(2)
stop.set()
prober.join()

flooded = []
stop = threading.Event()
prober = threading.Thread(target=probe, args=(stop, flooded))
prober.start()
started = time.perf_counter()
threads = [threading.Thread(target=attack, args=(n,)) for n in range(attackers)]
for thread in threads: thread.start()
for thread in threads: thread.join()
lasted = time.perf_counter() - started
stop.set()
prober.join()

print(f"/healthz, no flood:    p50 {percentiles(quiet)[0]:7.1f} ms  p95 {percentiles(quiet)[1]:7.1f} ms  max {percentiles(quiet)[2]:7.1f} ms  ({len(quiet)} requests)")
p50, p95, worst = percentiles(flooded)
print(f"/healthz, under flood: p50 {p50:7.1f} ms  p95 {p95:7.1f} ms  max {worst:7.1f} ms  ({len(flooded)} requests)")
print(f"flood ({names} names): {attackers} addresses x {attempts} sign-ins in {lasted:.1f} s; answers " +
      ", ".join(f"{status}: {count}" for status, count in sorted(statuses.items())))
print("goal: /healthz p95 under 50 ms under the flood:", "met" if p95 < 50 else "NOT met")
PY
