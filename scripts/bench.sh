#!/usr/bin/env bash
# `npm run bench`: build if needed, start the built server (fresh PGlite data dir, free port), run every
# benchmark, stop what was started. Results: tables on stdout, bench/results/<name>.json.
# Env: BENCH_DURATION (s per load scenario, default 10), BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS (default 32),
#      BENCH_REBUILD=1 (build even if dist exists), BENCH_ONLY=api-throughput,web-size (which benchmarks).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bin="$root/node_modules/.bin"

server_dir=""
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  [[ -n "$server_dir" ]] && { bash scripts/serve-for-e2e.sh stop "$server_dir" || true; }
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

wants() { [[ -z "${BENCH_ONLY:-}" || ",$BENCH_ONLY," == *",$1,"* ]]; }

if [[ "${BENCH_REBUILD:-}" == 1 || ! -f apps/server/dist/main.js || ! -f apps/web/dist/index.html ]]; then
  echo "══════ build ══════"
  npm run --silent build
else
  echo "(using the existing build; BENCH_REBUILD=1 rebuilds)"
fi

failed=0
if wants web-size; then
  echo "══════ web-size ══════"
  "$bin/tsx" bench/web-size.ts || failed=1
fi

if wants api-throughput; then
  echo "══════ api-throughput ══════"
  server_dir=$(mktemp -d -t tessera-bench.XXXXXX)
  url=$(bash scripts/serve-for-e2e.sh start "$server_dir")
  echo "server: $url (node pid $(cat "$server_dir/pid"))"
  BENCH_BASE_URL=$url "$bin/tsx" bench/api-throughput.ts || failed=1
  bash scripts/serve-for-e2e.sh stop "$server_dir"
  server_dir=""
fi

exit "$failed"
