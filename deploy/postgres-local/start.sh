#!/bin/sh
# initdb with a password for the postgres user (POSTGRES_PASSWORD), then the server on PGPORT.
set -eu
: "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
bin=/usr/lib/postgresql/15/bin
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" >/tmp/pwfile
  "$bin/initdb" -D "$PGDATA" -U postgres --auth=scram-sha-256 --pwfile=/tmp/pwfile -E UTF8 >/dev/null
  rm -f /tmp/pwfile
fi
exec "$bin/postgres" -D "$PGDATA" -p "$PGPORT" -c listen_addresses="${LISTEN_ADDRESSES:-127.0.0.1}" -c unix_socket_directories=/tmp
