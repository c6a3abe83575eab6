#!/usr/bin/env bash
# Throwaway PostgreSQL 15 cluster for tests.
#
#   scripts/pg-throwaway.sh start <dir>   initdb + start; prints the URL (postgres://postgres@127.0.0.1:PORT/postgres)
#   scripts/pg-throwaway.sh stop  <dir>   stop the cluster and delete <dir>
#   scripts/pg-throwaway.sh url   <dir>   print the URL of a running cluster
#
# <dir> should be a fresh (or not yet existing) directory, e.g. from `mktemp -d`. The cluster listens on
# a unix socket in <dir>/sock and on 127.0.0.1:<free port>, trusts every local connection (user postgres,
# no password) and trades durability for speed (fsync off). Never use it for anything but tests.
# As root, initdb refuses to run: the server runs as the system user `tessera-pg` (created if missing).
# Env: PG_BIN (default /usr/lib/postgresql/15/bin), PG_USER (default tessera-pg, root only),
#      PG_STAT_STATEMENTS=1 (load pg_stat_statements, nested statements too: what the benches' profiles read).
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PG_USER=${PG_USER:-tessera-pg}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

usage() { echo "usage: $0 start|stop|url <dir>" >&2; exit 2; }
[[ $# -eq 2 ]] || usage
cmd=$1
dir=$2

as_pg() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u "$PG_USER" -- "$@"
  else
    "$@"
  fi
}

url_of() { echo "postgres://postgres@127.0.0.1:$(cat "$1/port")/postgres"; }

start() {
  [[ -x "$PG_BIN/initdb" && -x "$PG_BIN/pg_ctl" ]] || { echo "pg-throwaway: no PostgreSQL binaries in $PG_BIN" >&2; exit 1; }
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  [[ ! -e "$dir/data" ]] || { echo "pg-throwaway: $dir/data already exists" >&2; exit 1; }
  touch "$dir/.pg-throwaway" # marker: `stop` only deletes directories made here
  mkdir -p "$dir/sock"
  if [[ $(id -u) -eq 0 ]]; then
    if ! id -u "$PG_USER" >/dev/null 2>&1; then
      # flock: two test runs at once must not both try to create the user.
      flock /tmp/tessera-pg-useradd.lock bash -c \
        "id -u '$PG_USER' >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin '$PG_USER'"
    fi
    chown -R "$PG_USER:" "$dir"
    runuser -u "$PG_USER" -- test -w "$dir" || {
      echo "pg-throwaway: user $PG_USER cannot reach $dir (a parent directory is private?): use a directory like \$(mktemp -d)" >&2
      exit 1
    }
  fi

  as_pg "$PG_BIN/initdb" -D "$dir/data" -A trust -U postgres --no-locale -E UTF8 --no-instructions \
    >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }

  # A free port can be taken between choosing and binding it: try a few.
  local attempt port extra=""
  [[ "${PG_STAT_STATEMENTS:-}" == 1 ]] && extra=" -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all"
  for attempt in 1 2 3 4 5; do
    port=$(node "$here/free-port.mjs")
    if as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -s \
      -o "-p $port -k $dir/sock -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200$extra" \
      start >&2; then
      echo "$port" >"$dir/port"
      url_of "$dir"
      return 0
    fi
    echo "pg-throwaway: start on port $port failed (attempt $attempt); server log:" >&2
    tail -n 5 "$dir/server.log" >&2 || true
  done
  exit 1
}

stop() {
  [[ -d "$dir" ]] || return 0
  if [[ -f "$dir/data/postmaster.pid" ]]; then
    as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w -t 30 -s stop >&2 || {
      # Last resort: the postmaster's PID is the first line of postmaster.pid.
      pid=$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null || true)
      [[ -n "$pid" ]] && kill -9 "$pid" 2>/dev/null || true
    }
  fi
  if [[ -f "$dir/.pg-throwaway" ]]; then
    rm -rf "$dir"
  elif rmdir "$dir" 2>/dev/null; then
    : # an empty directory (never started): removed
  else
    echo "pg-throwaway: $dir was not made by pg-throwaway.sh; not deleting it" >&2
  fi
}

case $cmd in
  start) start ;;
  stop) stop ;;
  url) url_of "$dir" ;;
  *) usage ;;
esac
