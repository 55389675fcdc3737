#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the API tests over PostgreSQL (decision 020), from Debian's
# postgresql package when it is installed. Usage:
#   scripts/postgres-cluster.sh start   -> prints the DATABASE_URL on stdout (exit 3: not installed)
#   scripts/postgres-cluster.sh stop
# Data lives in .cache/postgres (recreated at every start); fsync is off: nothing here is kept.
set -euo pipefail
cd "$(dirname "$0")/.."
DIR="$PWD/.cache/postgres"
PORT="${PG_TEST_PORT:-55432}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"

as_owner() {
  # PostgreSQL refuses to run as root: as root, the cluster belongs to the 'postgres' user.
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    if [ -z "$BIN" ] || [ ! -x "$BIN/postgres" ]; then
      echo "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/postgres)" >&2
      exit 3
    fi
    [ -f "$DIR/data/postmaster.pid" ] && as_owner "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$DIR"
    mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    as_owner "$BIN/initdb" -D "$DIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 \
      || { cat "$DIR/initdb.log" >&2; exit 1; }
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      >/dev/null || { cat "$DIR/server.log" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    if [ -n "$BIN" ] && [ -f "$DIR/data/postmaster.pid" ]; then
      as_owner "$BIN/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null
    fi
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
