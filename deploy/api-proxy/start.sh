#!/bin/sh
# Writes nginx's configuration from PORT and API_UPSTREAMS, then runs nginx in the foreground.
set -eu
: "${PORT:=8080}"
: "${API_UPSTREAMS:?API_UPSTREAMS lists the API replicas: host:port separated by spaces}"
conf=/tmp/huddle-api-proxy.conf
servers=""
for upstream in $API_UPSTREAMS; do servers="$servers    server $upstream max_fails=2 fail_timeout=5s;
"; done
cat >"$conf" <<NGINX
worker_processes auto;
pid /tmp/huddle-api-proxy.pid;
error_log /dev/stderr warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path /tmp/nginx-body;
  proxy_temp_path /tmp/nginx-proxy;
  fastcgi_temp_path /tmp/nginx-fastcgi;
  uwsgi_temp_path /tmp/nginx-uwsgi;
  scgi_temp_path /tmp/nginx-scgi;
  map \$http_upgrade \$connection_upgrade { default upgrade; '' ''; }
  upstream huddle_api {
$servers    keepalive 64;
  }
  server {
    listen $PORT;
    location = /proxy-health { return 200 "ok\n"; }
    location / {
      proxy_pass http://huddle_api;
      proxy_http_version 1.1;
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_set_header Upgrade \$http_upgrade;
      proxy_set_header Connection \$connection_upgrade;
      # Notification streams stay open for hours and must arrive as written; uploads stream
      # through (up to VIDEO_MAX_MB, which the API enforces).
      proxy_buffering off;
      proxy_request_buffering off;
      client_max_body_size 0;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      # A replica that is down or restarting: the next one answers idempotent requests.
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
NGINX
exec nginx -c "$conf" -g 'daemon off;'
