#!/usr/bin/env bash
# Start / stop the BUILT server (apps/server/dist/main.js, run `npm run build` first) for e2e tests and
# benchmarks, on a free port with a fresh data directory.
#
#   scripts/serve-for-e2e.sh start <state-dir>   prints the base URL once GET /readyz answers 200
#   scripts/serve-for-e2e.sh stop  <state-dir>   stops the server (by PID) and deletes <state-dir>
#   scripts/serve-for-e2e.sh env   <state-dir>   prints E2E_* variables for Playwright (eval-able)
#
# <state-dir> (e.g. from `mktemp -d`) receives: data/ (DATA_DIR: embedded PGlite), server.log, pid, port, url,
# and the stand-in payment provider's psp.log, psp-pid, psp-url, psp-secret (apps/test-psp, built: it is started
# first and the server is configured for it, so a spec can deposit through its hosted page); and, started before the
# server too, the stand-in mail server (apps/test-mail: mail.log, mail-pid, mail-url = its HTTP control URL) and SMS
# gateway (apps/test-sms: sms.log, sms-pid, sms-url), which the server sends all mail and SMS to, over SMTP and
# HTTP, so a spec reads what a player received from them (e2e/support/delivered.ts).
# Env in: DATABASE_URL (optional: run on PostgreSQL instead of PGlite), LOG_LEVEL (default warn),
#         READY_TIMEOUT seconds (default 60), SERVER_MAIN (default apps/server/dist/main.js),
#         LOTTERY_DRAW_INTERVAL_SECONDS (default 15 here: fast draws for tests).
# The settlement test clock is on (AGENT_SETTLEMENT_TEST_CLOCK): a spec closes an agent contract's period with the
# operator command `agent-settlement clock advance`.
# The recorded PID is the node process itself (no npm/npx wrapper), so `stop` ends exactly that process.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# The project's Node (the `node` devDependency, 24 LTS) before an older system one, whether run by npm or by hand.
export PATH="$root/node_modules/.bin:$PATH"
usage() { echo "usage: $0 start|stop|env <state-dir>" >&2; exit 2; }
[[ $# -eq 2 ]] || usage
cmd=$1
dir=$2

start() {
  local main=${SERVER_MAIN:-$root/apps/server/dist/main.js}
  [[ -f "$main" ]] || { echo "serve-for-e2e: $main missing: run npm run build" >&2; exit 1; }
  mkdir -p "$dir/data"
  dir=$(cd "$dir" && pwd)
  touch "$dir/.serve-for-e2e"
  [[ -n "${DATABASE_URL:-}" ]] && echo "$DATABASE_URL" >"$dir/database-url"

  local name port pid url deadline code psp_port psp_url psp_secret psp_main smtp_port mail_port sms_port sms_token
  read -r port psp_port smtp_port mail_port sms_port <<<"$(node "$root/scripts/free-port.mjs" 5 | tr '\n' ' ')"
  url="http://127.0.0.1:$port"

  local mail_main=$root/apps/test-mail/dist/main.js sms_main=$root/apps/test-sms/dist/main.js
  [[ -f "$mail_main" && -f "$sms_main" ]] || { echo "serve-for-e2e: $mail_main or $sms_main missing: run npm run build" >&2; exit 1; }
  TESTMAIL_SMTP_PORT=$smtp_port TESTMAIL_HTTP_PORT=$mail_port TESTMAIL_HOST=127.0.0.1 \
    node "$mail_main" </dev/null >"$dir/mail.log" 2>&1 &
  echo "$!" >"$dir/mail-pid"
  echo "http://127.0.0.1:$mail_port" >"$dir/mail-url"
  sms_token=$(node -e 'process.stdout.write(require("node:crypto").randomBytes(24).toString("hex"))')
  TESTSMS_TOKEN=$sms_token TESTSMS_PORT=$sms_port TESTSMS_HOST=127.0.0.1 node "$sms_main" </dev/null >"$dir/sms.log" 2>&1 &
  echo "$!" >"$dir/sms-pid"
  echo "http://127.0.0.1:$sms_port" >"$dir/sms-url"

  psp_main=${PSP_MAIN:-$root/apps/test-psp/dist/main.js}
  [[ -f "$psp_main" ]] || { echo "serve-for-e2e: $psp_main missing: run npm run build" >&2; exit 1; }
  psp_url="http://127.0.0.1:$psp_port"
  psp_secret=$(node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("hex"))')
  TESTPSP_SECRETS=$psp_secret TESTPSP_PORT=$psp_port TESTPSP_HOST=127.0.0.1 \
    TESTPSP_CALLBACK_URL="$url/payments/testpsp/callback" TESTPSP_RETRY_MS=500,1000,2000,4000,8000 \
    node "$psp_main" </dev/null >"$dir/psp.log" 2>&1 &
  echo "$!" >"$dir/psp-pid"
  echo "$psp_url" >"$dir/psp-url"
  (umask 077 && echo "$psp_secret" >"$dir/psp-secret")
  # A simple command started with & is the node process itself: $! is node's PID.
  # Lotteries draw every 15 s (modules/lottery) so an e2e test waits for a draw at most ~20 s.
  # X-Forwarded-For from the loopback is believed: a spec that needs its own client address (a visitor's chat is
  # limited per address) sends one; the others come from 127.0.0.1 as before.
  PORT=$port HOST=127.0.0.1 DATA_DIR="$dir/data" LOG_LEVEL=${LOG_LEVEL:-warn} TRUST_PROXY=${TRUST_PROXY:-127.0.0.1} \
    LOTTERY_DRAW_INTERVAL_SECONDS=${LOTTERY_DRAW_INTERVAL_SECONDS:-15} AGENT_SETTLEMENT_TEST_CLOCK=on \
    PSP_TESTPSP_URL="$psp_url" PSP_TESTPSP_SECRETS="$psp_secret" \
    SMTP_URL="smtp://127.0.0.1:$smtp_port" MAIL_FROM="Tessera <no-reply@tessera.test>" \
    SMS_HTTP_URL="http://127.0.0.1:$sms_port/send" SMS_HTTP_TOKEN="$sms_token" \
    node "$main" </dev/null >"$dir/server.log" 2>&1 &
  pid=$!
  echo "$pid" >"$dir/pid"
  echo "$port" >"$dir/port"
  echo "$url" >"$dir/url"

  deadline=$((SECONDS + ${READY_TIMEOUT:-60}))
  while :; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "serve-for-e2e: server exited before it was ready; log:" >&2
      tail -n 40 "$dir/server.log" >&2
      stop_stand_ins
      exit 1
    fi
    for name in mail sms; do
      if ! kill -0 "$(cat "$dir/$name-pid")" 2>/dev/null; then
        echo "serve-for-e2e: the $name stand-in exited; log:" >&2
        tail -n 20 "$dir/$name.log" >&2
        stop_server
        exit 1
      fi
    done
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$url/readyz" || true)
    # Ready when the server is, and the stand-ins it sends to listen (a code sent at once is not retried later).
    [[ "$code" == 200 ]] && stand_ins_listen && break
    if ((SECONDS >= deadline)); then
      echo "serve-for-e2e: GET $url/readyz did not answer 200 within ${READY_TIMEOUT:-60}s (last: $code); log:" >&2
      tail -n 40 "$dir/server.log" >&2
      stop_server
      exit 1
    fi
    sleep 0.2
  done
  echo "$url"
}

stand_ins_listen() {
  curl -sf -o /dev/null --max-time 2 "$(cat "$dir/mail-url")/control/received" &&
    curl -sf -o /dev/null --max-time 2 "$(cat "$dir/sms-url")/control/sent"
}

stop_stand_ins() { # [names…] (default: all)
  local name pid
  for name in ${@:-psp mail sms}; do
    [[ -f "$dir/$name-pid" ]] || continue
    pid=$(cat "$dir/$name-pid")
    kill -TERM "$pid" 2>/dev/null || true
    rm -f "$dir/$name-pid"
  done
}

# The payment provider first (no callback into a stopping server), the mail and SMS stand-ins last (a send in flight
# while the server stops still lands).
stop_server() {
  stop_stand_ins psp
  local pid
  pid=$(cat "$dir/pid" 2>/dev/null || true)
  if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do # up to 10 s for a graceful shutdown
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
      echo "serve-for-e2e: server $pid ignored SIGTERM for 10 s; killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  rm -f "$dir/pid"
  stop_stand_ins mail sms
}

stop() {
  [[ -d "$dir" ]] || return 0
  stop_server
  if [[ -f "$dir/.serve-for-e2e" ]]; then
    rm -rf "$dir"
  else
    echo "serve-for-e2e: $dir was not made by serve-for-e2e.sh; not deleting it" >&2
  fi
}

print_env() {
  dir=$(cd "$dir" && pwd)
  printf 'E2E_BASE_URL=%q\nE2E_PORT=%q\nE2E_DATA_DIR=%q\nE2E_DATABASE_URL=%q\n' \
    "$(cat "$dir/url")" "$(cat "$dir/port")" "$dir/data" "$(cat "$dir/database-url" 2>/dev/null || true)"
}

case $cmd in
  start) start ;;
  stop) stop ;;
  env) print_env ;;
  *) usage ;;
esac
