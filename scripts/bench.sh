#!/usr/bin/env bash
# `npm run bench`: build if needed, start the built server (fresh PGlite data dir, free port), run every
# benchmark, stop what was started. Results: tables on stdout, bench/results/<name>.json.
# Env: BENCH_DURATION (s per load scenario, default 10), BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS (default 32),
#      BENCH_REBUILD=1 (build even if dist exists),
#      BENCH_ONLY=api-throughput,web-size,lighthouse,house-engine,games-api,ledger,lottery,growth,reports,agents,payments (which benchmarks),
#      BENCH_GROWTH_MAX (growth: the largest size, default 1000000 accounts/tickets; 100000 for a quick run),
#      BENCH_REPORT_BETS (reports: bets seeded, default 10000000; 1000000 for a quick run),
#      BENCH_REPORT_DB (reports: the seeded database to keep in BENCH_PG_URL's cluster, for bench/reports.ts run by hand),
#      BENCH_AGENT_BETS (agents: bets of a 100,000-member downline, default 10000000; 1000000 for a quick run),
#      BENCH_AGENT_DB (agents: the seeded database to keep, for bench/agents.ts run by hand),
#      BENCH_PAYMENT_ORDERS (payments: orders, one per player, each settled by one signed callback; default 5000),
#      LIGHTHOUSE_RUNS (default 5 of each page, alternating; the medians are judged against the bare React shell's),
#      LIGHTHOUSE_PAGES (default shell,home,member), CHROME_PATH (default /usr/bin/chromium).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# The project's Node (the `node` devDependency, 24 LTS) before an older system one, whether run by npm or by hand.
export PATH="$root/node_modules/.bin:$PATH"
cd "$root"
bin="$root/node_modules/.bin"

server_dir=""
pg_dir="" # the ledger benchmark's throwaway PostgreSQL cluster
api_pg_dir="" api_pg_server_dir="" # api-throughput's PostgreSQL cluster and the server on it
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  [[ -n "$server_dir" ]] && { bash scripts/serve-for-e2e.sh stop "$server_dir" || true; }
  [[ -n "$api_pg_server_dir" ]] && { bash scripts/serve-for-e2e.sh stop "$api_pg_server_dir" || true; }
  [[ -n "$api_pg_dir" ]] && { bash scripts/pg-throwaway.sh stop "$api_pg_dir" || true; }
  [[ -n "$pg_dir" ]] && { bash scripts/pg-throwaway.sh stop "$pg_dir" || true; }
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

# House game math (no server): slot RTP over 10^7 rounds per slot, RNG chi-square, Dieharder. Knobs in the file.
if wants house-engine; then
  echo "══════ house-engine ══════"
  "$bin/tsx" --conditions=source bench/house-engine.ts || failed=1
fi

# The account scenarios also run on PostgreSQL: a second server of the same build on a throwaway cluster.
# They measure argon2id logins and token checks, not the bot check's proof of work nor new-address
# verification (both on in the demo merchant), so those are switched off on the bench servers.
account_checks_off() { # <state-dir> [database-url]
  local feature
  for feature in BOTCHECK3 NEWIPVERIF3; do
    if [[ -n "${2:-}" ]]; then
      DATABASE_URL=$2 DATA_DIR="$1/data" PORT=$(cat "$1/port") LOG_LEVEL=warn node apps/server/dist/admin/cli.js features set "$feature" off >/dev/null
    else
      env -u DATABASE_URL DATA_DIR="$1/data" PORT=$(cat "$1/port") LOG_LEVEL=warn node apps/server/dist/admin/cli.js features set "$feature" off >/dev/null
    fi
  done
}
if wants api-throughput; then
  echo "══════ api-throughput ══════"
  server_dir=$(mktemp -d -t tessera-bench.XXXXXX)
  url=$(bash scripts/serve-for-e2e.sh start "$server_dir")
  echo "server: $url (node pid $(cat "$server_dir/pid"))"
  api_pg_dir=$(mktemp -d -t tessera-bench-pg.XXXXXX)
  api_pg_url=$(bash scripts/pg-throwaway.sh start "$api_pg_dir")
  api_pg_server_dir=$(mktemp -d -t tessera-bench.XXXXXX)
  pg_server_url=$(DATABASE_URL=$api_pg_url bash scripts/serve-for-e2e.sh start "$api_pg_server_dir")
  echo "server on PostgreSQL: $pg_server_url (node pid $(cat "$api_pg_server_dir/pid"))"
  account_checks_off "$server_dir"
  account_checks_off "$api_pg_server_dir" "$api_pg_url"
  BENCH_BASE_URL=$url BENCH_PG_BASE_URL=$pg_server_url "$bin/tsx" bench/api-throughput.ts || failed=1
  bash scripts/serve-for-e2e.sh stop "$api_pg_server_dir"
  api_pg_server_dir=""
  bash scripts/pg-throwaway.sh stop "$api_pg_dir"
  api_pg_dir=""
  bash scripts/serve-for-e2e.sh stop "$server_dir"
  server_dir=""
fi

# --- games-api (BENCH_ONLY=games-api): slot spins/s through the API on PostgreSQL with 1 and 32 players, next to
# the ledger's spread-out transfer rate on the same cluster; reuses api-throughput's cleanup variables ---
if wants games-api; then
  echo "══════ games-api ══════"
  api_pg_dir=$(mktemp -d -t tessera-bench-pg.XXXXXX)
  api_pg_url=$(PG_STAT_STATEMENTS=1 bash scripts/pg-throwaway.sh start "$api_pg_dir")
  api_pg_server_dir=$(mktemp -d -t tessera-bench.XXXXXX)
  pg_server_url=$(DATABASE_URL=$api_pg_url bash scripts/serve-for-e2e.sh start "$api_pg_server_dir")
  echo "server on PostgreSQL: $pg_server_url (node pid $(cat "$api_pg_server_dir/pid"))"
  account_checks_off "$api_pg_server_dir" "$api_pg_url"
  BENCH_BASE_URL=$pg_server_url BENCH_PG_URL=$api_pg_url BENCH_SERVER_PID=$(cat "$api_pg_server_dir/pid") \
    "$bin/tsx" --conditions=source bench/games-api.ts || failed=1
  bash scripts/serve-for-e2e.sh stop "$api_pg_server_dir"
  api_pg_server_dir=""
  bash scripts/pg-throwaway.sh stop "$api_pg_dir"
  api_pg_dir=""
fi
# --- end games-api ---

# Lighthouse mobile on the home route (a visitor's and a member's) against the bare React shell (bench/web-shell),
# on its own fresh server (no data left behind by the load runs).
if wants lighthouse; then
  echo "══════ lighthouse ══════"
  bash scripts/ensure-chromium.sh --full || failed=1
  server_dir=$(mktemp -d -t tessera-bench.XXXXXX)
  url=$(bash scripts/serve-for-e2e.sh start "$server_dir")
  echo "server: $url (node pid $(cat "$server_dir/pid"))"
  account_checks_off "$server_dir"
  BENCH_BASE_URL=$url BENCH_SERVER_PID=$(cat "$server_dir/pid") "$bin/tsx" bench/lighthouse.ts || failed=1
  bash scripts/serve-for-e2e.sh stop "$server_dir"
  server_dir=""
fi

# --- ledger (BENCH_ONLY=ledger): transfers/s on its own throwaway PostgreSQL, next to pgbench on the same cluster ---
if wants ledger; then
  echo "══════ ledger ══════"
  pg_dir=$(mktemp -d -t tessera-bench-pg.XXXXXX)
  pg_url=$(bash scripts/pg-throwaway.sh start "$pg_dir")
  BENCH_PG_URL=$pg_url "$bin/tsx" --conditions=source bench/ledger.ts || failed=1
  bash scripts/pg-throwaway.sh stop "$pg_dir"
  pg_dir=""
fi
# --- end ledger ---

# --- reports (BENCH_ONLY=reports): the dashboard and 30-day reports over BENCH_REPORT_BETS seeded bets, each to
# answer in under 2 s, on its own throwaway PostgreSQL (bench/reports.ts) ---
if wants reports; then
  echo "══════ reports ══════"
  pg_dir=$(mktemp -d -t tessera-bench-pg.XXXXXX)
  pg_url=$(bash scripts/pg-throwaway.sh start "$pg_dir")
  BENCH_PG_URL=$pg_url "$bin/tsx" --conditions=source bench/reports.ts || failed=1
  bash scripts/pg-throwaway.sh stop "$pg_dir"
  pg_dir=""
fi
# --- end reports ---

# --- agents (BENCH_ONLY=agents): the agent centre's team overview and user P&L over a 100,000-member downline and
# BENCH_AGENT_BETS bets, each p99 under 300 ms, on its own throwaway PostgreSQL (bench/agents.ts) ---
if wants agents; then
  echo "══════ agents ══════"
  pg_dir=$(mktemp -d -t tessera-bench-pg.XXXXXX)
  pg_url=$(bash scripts/pg-throwaway.sh start "$pg_dir")
  BENCH_PG_URL=$pg_url "$bin/tsx" --conditions=source bench/agents.ts || failed=1
  bash scripts/pg-throwaway.sh stop "$pg_dir"
  pg_dir=""
fi
# --- end agents ---

# --- payments (BENCH_ONLY=payments): signed provider callbacks settled per second and callback → balance update p99,
# on its own throwaway PostgreSQL with TESTPSP as the provider (bench/payments.ts) ---
if wants payments; then
  echo "══════ payments ══════"
  pg_dir=$(mktemp -d -t tessera-bench-pg.XXXXXX)
  pg_url=$(bash scripts/pg-throwaway.sh start "$pg_dir")
  BENCH_PG_URL=$pg_url "$bin/tsx" --conditions=source bench/payments.ts || failed=1
  bash scripts/pg-throwaway.sh stop "$pg_dir"
  pg_dir=""
fi
# --- end payments ---

# --- lottery (BENCH_ONLY=lottery): settlement time of a 100,000-ticket draw on its own throwaway PostgreSQL ---
if wants lottery; then
  echo "══════ lottery ══════"
  pg_dir=$(mktemp -d -t tessera-bench-pg.XXXXXX)
  pg_url=$(bash scripts/pg-throwaway.sh start "$pg_dir")
  BENCH_PG_URL=$pg_url "$bin/tsx" --conditions=source bench/lottery-settlement.ts || failed=1
  bash scripts/pg-throwaway.sh stop "$pg_dir"
  pg_dir=""
fi
# --- end lottery ---

# --- growth (BENCH_ONLY=growth): transfers/s by accounts, settlement time by tickets and balance calls by live
# sessions, set-based fixtures on one throwaway PostgreSQL with the built server on it (bench/growth.ts) ---
if wants growth; then
  echo "══════ growth ══════"
  api_pg_dir=$(mktemp -d -t tessera-bench-pg.XXXXXX)
  api_pg_url=$(bash scripts/pg-throwaway.sh start "$api_pg_dir")
  api_pg_server_dir=$(mktemp -d -t tessera-bench.XXXXXX)
  pg_server_url=$(DATABASE_URL=$api_pg_url bash scripts/serve-for-e2e.sh start "$api_pg_server_dir")
  echo "server on PostgreSQL: $pg_server_url (node pid $(cat "$api_pg_server_dir/pid"))"
  BENCH_BASE_URL=$pg_server_url BENCH_PG_URL=$api_pg_url "$bin/tsx" --conditions=source bench/growth.ts || failed=1
  bash scripts/serve-for-e2e.sh stop "$api_pg_server_dir"
  api_pg_server_dir=""
  bash scripts/pg-throwaway.sh stop "$api_pg_dir"
  api_pg_dir=""
fi
# --- end growth ---

# The money path's targets from the latest results of every step (also those of earlier runs: see each line's load).
echo "══════ targets ══════"
"$bin/tsx" bench/targets.ts || failed=1

exit "$failed"
