# Sourced by test-proxy.sh and screenshots.sh: starts, in a temporary folder, `deeplink serve`
# with the example config and short links on go.shop.example.com, a static website folder
# ($WORK/site, empty: the caller fills it) and nginx running Examples/Deploy/nginx.conf as shipped,
# but for its ports, certificates and site root, in front of both, over https with a self-signed
# certificate for both hosts. Sets WORK, DEEPLINK_BIN, DEEPLINK_PORT, HTTPS_PORT, HTTP_PORT and
# TOKEN (an admin key); `create_link JSON` adds a link, `fail MESSAGE` stops with the logs.
# Everything stops when the caller exits. Builds deeplink (debug) unless DEEPLINK_BIN is set.
set -euo pipefail
DEPLOY=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$DEPLOY/../.." && pwd)
CONFIG="$ROOT/Examples/Shop/MobileDeepLinkingConfig.json"
LINK_HOST=go.shop.example.com
SITE_HOST=shop.example.com

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
SERVER=""
stop_stack() {
    [[ -n "$SERVER" ]] && kill "$SERVER" 2>/dev/null || true
    [[ -f "$WORK/nginx.pid" ]] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
    rm -rf "$WORK"
}
trap stop_stack EXIT
fail() {
    echo "FAIL: $*" >&2
    for log in serve.log nginx-error.log; do [[ -f "$WORK/$log" ]] && { echo "--- $log" >&2; tail -20 "$WORK/$log" >&2; }; done
    exit 1
}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
DEEPLINK_PORT=$(free_port)
HTTPS_PORT=$(free_port)
HTTP_PORT=$(free_port)

echo "== deeplink serve on 127.0.0.1:$DEEPLINK_PORT, short links on $LINK_HOST"
"$DEEPLINK_BIN" serve --config "$CONFIG" --database "sqlite:$WORK/deeplink.sqlite" --port "$DEEPLINK_PORT" \
    --public-host "$LINK_HOST" --client-address-header X-Forwarded-For --connections-per-address 0 --log-level warning 2>"$WORK/serve.log" &
SERVER=$!
for _ in $(seq 1 150); do curl -fs "http://127.0.0.1:$DEEPLINK_PORT/healthz" >/dev/null && break; sleep 0.1; done
curl -fs "http://127.0.0.1:$DEEPLINK_PORT/healthz" >/dev/null || fail "deeplink serve did not start"
TOKEN=$("$DEEPLINK_BIN" keys create --name deploy-example --database "sqlite:$WORK/deeplink.sqlite" --json \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
create_link() {
    curl -fs -o /dev/null -X POST "http://127.0.0.1:$DEEPLINK_PORT/api/v1/links" \
        -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d "$1" || fail "cannot create the link $1"
}

echo "== nginx with Examples/Deploy/nginx.conf on https 127.0.0.1:$HTTPS_PORT, http $HTTP_PORT"
mkdir -p "$WORK/site"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=$SITE_HOST" \
    -addext "subjectAltName=DNS:$SITE_HOST,DNS:$LINK_HOST" -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null
sed -e "s#server 127.0.0.1:8080 #server 127.0.0.1:$DEEPLINK_PORT #" \
    -e "s#listen 443 ssl http2;#listen 127.0.0.1:$HTTPS_PORT ssl http2;#" \
    -e "s#listen 80;#listen 127.0.0.1:$HTTP_PORT;#" \
    -e '/listen \[::\]/d' \
    -e "s#/etc/letsencrypt/live/[a-z.]*/fullchain.pem#$WORK/cert.pem#" \
    -e "s#/etc/letsencrypt/live/[a-z.]*/privkey.pem#$WORK/key.pem#" \
    -e "s#/etc/nginx/deeplink-proxy.conf#$DEPLOY/deeplink-proxy.conf#" \
    -e "s#root /var/www/shop.example.com;#root $WORK/site;#" \
    "$DEPLOY/nginx.conf" >"$WORK/deeplink.conf"
# The shipped file must still have every line the substitutions expect: none of these is left.
for gone in "127.0.0.1:8080" "listen 443" "listen 80;" "/etc/letsencrypt" "/etc/nginx/deeplink-proxy.conf" "/var/www"; do
    ! grep -v '^ *#' "$WORK/deeplink.conf" | grep -q "$gone" || fail "nginx.conf changed shape: '$gone' was not replaced"
done
cat >"$WORK/nginx.conf" <<NGINX
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 64; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path $WORK/body;
    proxy_temp_path $WORK/proxy;
    include $WORK/deeplink.conf;
}
NGINX
chmod -R a+rX "$WORK" # nginx workers run unprivileged
nginx -t -q -c "$WORK/nginx.conf" -p "$WORK" 2>"$WORK/nginx-error.log" || fail "nginx -t refused the config"
nginx -c "$WORK/nginx.conf" -p "$WORK" || fail "nginx did not start"
