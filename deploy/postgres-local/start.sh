#!/bin/sh
# initdb with a password for POSTGRES_USER (default postgres) and the database POSTGRES_DB (default
# the user's name), as the official postgres image does, then the server on PGPORT.
set -eu
: "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
bin=/usr/lib/postgresql/15/bin
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" >/tmp/pwfile
  "$bin/initdb" -D "$PGDATA" -U "$user" --auth=scram-sha-256 --pwfile=/tmp/pwfile -E UTF8 >/dev/null
  rm -f /tmp/pwfile
  # Other hosts (the compose network) sign in with the password, as in the official image.
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\";" | "$bin/postgres" --single -D "$PGDATA" -c unix_socket_directories=/tmp postgres >/dev/null
  fi
fi
exec "$bin/postgres" -D "$PGDATA" -p "$PGPORT" -c listen_addresses="${LISTEN_ADDRESSES:-127.0.0.1}" -c unix_socket_directories=/tmp
