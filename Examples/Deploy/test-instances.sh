#!/usr/bin/env bash
# Three `deeplink serve` instances on one PostgreSQL database behind Examples/Deploy/nginx.conf
# as shipped (its upstream given three servers), under load from eight clients that create links
# and open them through nginx; one instance is killed with SIGKILL in the middle. Checks that:
#   - every link whose creation was answered 201 is stored (no acknowledged write is lost);
#   - every failed request was in flight on the killed instance (nginx names the upstream);
#   - after the kill, the survivors answer everything;
#   - an edit through one instance shows on the others at once (LISTEN/NOTIFY).
# Exits non-zero on the first failed check.
#
#   DEEPLINK_TEST_POSTGRES_URL=postgres://u:p@127.0.0.1:5432/db Examples/Deploy/test-instances.sh [SECONDS]
#   DEEPLINK_BIN=path/to/deeplink …     # otherwise deeplink is built (debug)
set -euo pipefail
DEPLOY=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$DEPLOY/../.." && pwd)
CONFIG="$ROOT/Examples/Shop/MobileDeepLinkingConfig.json"
LINK_HOST=go.shop.example.com
SITE_HOST=shop.example.com
DURATION=${1:-6}
DATABASE=${DEEPLINK_TEST_POSTGRES_URL:?set DEEPLINK_TEST_POSTGRES_URL to a PostgreSQL database the test may write to}

missing=()
for tool in nginx openssl curl; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [[ -z "${DEEPLINK_BIN:-}" ]]; then
    (cd "$ROOT" && swift build --product deeplink --traits PostgreSQL >&2)
    DEEPLINK_BIN="$(cd "$ROOT" && swift build --traits PostgreSQL --show-bin-path)/deeplink"
fi

WORK=$(mktemp -d)
PIDS=()
stop_all() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    [[ -f "$WORK/nginx.pid" ]] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
    rm -rf "$WORK"
}
trap stop_all EXIT
fail() {
    echo "FAIL: $*" >&2
    for log in "$WORK"/serve-*.log "$WORK/nginx-error.log"; do [[ -f "$log" ]] && { echo "--- $log" >&2; tail -15 "$log" >&2; }; done
    exit 1
}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

TOKEN=$("$DEEPLINK_BIN" keys create --name instances-test --database "$DATABASE" --json 2>/dev/null \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])') || fail "cannot create a key in $DATABASE"
PORTS=()
for instance in 1 2 3; do
    port=$(free_port)
    PORTS+=("$port")
    # The write limits are per process and every request comes from nginx; they are lifted for the load.
    "$DEEPLINK_BIN" serve --config "$CONFIG" --database "$DATABASE" --host 127.0.0.1 --port "$port" --public-host "$LINK_HOST" \
        --client-address-header X-Forwarded-For --connections-per-address 0 --writes-per-minute-per-key 1000000 \
        --writes-per-minute-per-address 1000000 --log-level warning 2>"$WORK/serve-$instance.log" &
    PIDS+=($!)
    disown # the SIGKILL below is the test's, not news for the shell to print
done
for port in "${PORTS[@]}"; do
    for _ in $(seq 1 150); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
    curl -fs "http://127.0.0.1:$port/healthz" >/dev/null || fail "deeplink serve on port $port did not start"
done
echo "== three instances on one database: ports ${PORTS[*]}"

HTTPS_PORT=$(free_port)
HTTP_PORT=$(free_port)
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=$SITE_HOST" \
    -addext "subjectAltName=DNS:$SITE_HOST,DNS:$LINK_HOST" -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null
mkdir -p "$WORK/site"
upstreams=""
for port in "${PORTS[@]}"; do upstreams+="server 127.0.0.1:$port max_fails=1 fail_timeout=5s;\n    "; done
sed -e "s#server 127.0.0.1:8080 max_fails=1 fail_timeout=5s;#$upstreams#" \
    -e "s#listen 443 ssl http2;#listen 127.0.0.1:$HTTPS_PORT ssl http2;#" \
    -e "s#listen 80;#listen 127.0.0.1:$HTTP_PORT;#" \
    -e '/listen \[::\]/d' \
    -e "s#/etc/letsencrypt/live/[a-z.]*/fullchain.pem#$WORK/cert.pem#" \
    -e "s#/etc/letsencrypt/live/[a-z.]*/privkey.pem#$WORK/key.pem#" \
    -e "s#/etc/nginx/deeplink-proxy.conf#$DEPLOY/deeplink-proxy.conf#" \
    -e "s#root /var/www/shop.example.com;#root $WORK/site;#" \
    "$DEPLOY/nginx.conf" >"$WORK/deeplink.conf"
for gone in "127.0.0.1:8080" "listen 443" "/etc/letsencrypt" "/etc/nginx/deeplink-proxy.conf"; do
    ! grep -v '^ *#' "$WORK/deeplink.conf" | grep -q "$gone" || fail "nginx.conf changed shape: '$gone' was not replaced"
done
cat >"$WORK/nginx.conf" <<NGINX
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path $WORK/body;
    proxy_temp_path $WORK/proxy;
    # Which instance answered, so the test can tell the killed one's failures from others.
    add_header X-Upstream \$upstream_addr always;
    include $WORK/deeplink.conf;
}
NGINX
chmod -R a+rX "$WORK"
nginx -t -q -c "$WORK/nginx.conf" -p "$WORK" 2>"$WORK/nginx-error.log" || fail "nginx -t refused the config"
nginx -c "$WORK/nginx.conf" -p "$WORK" || fail "nginx did not start"
echo "== nginx on https 127.0.0.1:$HTTPS_PORT in front of them; load for ${DURATION} s, instance 2 killed half way"

python3 - "$HTTPS_PORT" "$TOKEN" "$DURATION" "${PIDS[1]}" "${PORTS[1]}" "$LINK_HOST" <<'PY' || fail "the load checks failed"
import http.client, json, os, signal, ssl, sys, threading, time, uuid

port, token, duration, victim_pid, victim_port, host = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
context = ssl._create_unverified_context()
run = uuid.uuid4().hex[:8]
auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", "Host": host}
desktop = {"User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36", "Host": host}
lock = threading.Lock()
results = []  # (start, end, op, code, status, upstream)
killed_at = None

def request(connection, method, path, headers, body=None):
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    response.read()
    return response.status, response.getheader("X-Upstream", "")

def client(number):
    connection = http.client.HTTPSConnection("127.0.0.1", int(port), context=context, timeout=10)
    deadline = time.monotonic() + duration
    sequence = 0
    while time.monotonic() < deadline:
        sequence += 1
        code = f"inst-{run}-{number}-{sequence}"
        body = json.dumps({"code": code, "deepLink": "shop://sales/42", "fallbacks": {"webURL": "https://shop.example.com/sales/42"}})
        for op, method, path, headers, payload in (("create", "POST", "/api/v1/links", auth, body), ("open", "GET", f"/{code}", desktop, None)):
            start = time.monotonic()
            try:
                status, upstream = request(connection, method, path, headers, payload)
            except Exception as error:  # a broken connection to nginx itself
                status, upstream = f"{type(error).__name__}", ""
                connection = http.client.HTTPSConnection("127.0.0.1", int(port), context=context, timeout=10)
            with lock:
                results.append((start, time.monotonic(), op, code, status, upstream))
            if op == "create" and status != 201:
                break

threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
for thread in threads: thread.start()
time.sleep(duration / 2)
killed_at = time.monotonic()
os.kill(victim_pid, signal.SIGKILL)
for thread in threads: thread.join()

created = [r for r in results if r[2] == "create" and r[4] == 201]
failures = [r for r in results if not ((r[2] == "create" and r[4] == 201) or (r[2] == "open" and r[4] == 302))]
print(f"requests {len(results)}, links created {len(created)}, failed {len(failures)}")
problems = []
for start, end, op, code, status, upstream in failures:
    in_flight = start <= killed_at + 0.05 and end >= killed_at - 0.05
    if not (in_flight and victim_port in upstream):
        problems.append(f"{op} {code}: {status} from {upstream or 'nginx'} at {start - killed_at:+.3f} s from the kill")
late = [r for r in results if r[0] > killed_at + 1.0]
if not late:
    problems.append("no request was made after the kill")
if any(victim_port in r[5] and r[0] > killed_at + 0.05 and r[4] not in (201, 302) for r in late):
    problems.append("requests after the kill still failed on the killed instance")

# Every acknowledged link is stored: read each back through the survivors.
connection = http.client.HTTPSConnection("127.0.0.1", int(port), context=context, timeout=10)
missing = []
for record in created:
    status, _ = request(connection, "GET", f"/api/v1/links/{record[3]}", auth)
    if status != 200:
        missing.append(f"{record[3]} ({status})")
if missing:
    problems.append(f"{len(missing)} acknowledged links are missing: {', '.join(missing[:5])}")
print(f"acknowledged links read back: {len(created) - len(missing)} of {len(created)}; requests after the kill: {len(late)}, all answered")
if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
PY

echo "== an edit through one survivor shows on the other at once"
code="inst-edit-$RANDOM$RANDOM"
curl -fs -o /dev/null -X POST "http://127.0.0.1:${PORTS[0]}/api/v1/links" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
    -d "{\"code\": \"$code\", \"deepLink\": \"shop://sales/42\", \"fallbacks\": {\"webURL\": \"https://shop.example.com/sales/42\"}}" \
    || fail "cannot create $code"
location() { curl -s -o /dev/null -w '%{redirect_url}' -A "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0" "http://127.0.0.1:${PORTS[2]}/$code"; }
[[ $(location) == "https://shop.example.com/sales/42" ]] || fail "the third instance does not resolve $code"
curl -fs -o /dev/null -X PATCH "http://127.0.0.1:${PORTS[0]}/api/v1/links/$code" -H "Authorization: Bearer $TOKEN" \
    -H 'Content-Type: application/json' -d '{"fallbacks": {"webURL": "https://shop.example.com/sales/43"}}' || fail "cannot edit $code"
for _ in $(seq 1 50); do [[ $(location) == "https://shop.example.com/sales/43" ]] && break; sleep 0.02; done
[[ $(location) == "https://shop.example.com/sales/43" ]] || fail "the third instance still sends the old fallback a second after the edit"
echo "ok   the third instance follows the edit made through the first"
echo "all instance checks passed"
