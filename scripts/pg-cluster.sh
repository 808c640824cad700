#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on a loopback port for the test suite and prints its URL.
# Usage: scripts/pg-cluster.sh start DIR PORT | stop DIR
set -euo pipefail
cmd=$1 dir=$2
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL server binaries not found: run  sudo apt-get install -y postgresql" >&2; exit 1; }
as_owner() {
  # initdb refuses to run as root: run the server as the postgres user then.
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}
case $cmd in
  start)
    port=$3
    rm -rf "$dir"; mkdir -p "$dir/data" "$dir/sock"
    [ "$(id -u)" = 0 ] && chown -R postgres: "$dir"
    as_owner "'$bin/initdb' -D '$dir/data' -U postgres --auth=trust -E UTF8 --no-sync >'$dir/initdb.log' 2>&1"
    as_owner "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k '$dir/sock' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" start >/dev/null"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_owner "'$bin/pg_ctl' -D '$dir/data' -m immediate stop >/dev/null 2>&1" || true
    rm -rf "$dir"
    ;;
esac
