#!/usr/bin/env bash
# Prepares this machine for the whole test suite and runs it: typecheck, lint, build, then every Vitest
# project (contract, API on PGlite and PostgreSQL, the nginx cluster, web units, browser tests in Chromium). Safe to
# re-run.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n== %s\n' "$*"; }

# How long each phase took, printed as a table at the end, also when a phase fails. .ci/run passes the install's
# seconds in INSTALL_SECONDS; the Vitest projects' lines come from scripts/phase-reporter.ts.
TIMINGS="$(mktemp)"
export PHASE_TIMINGS_FILE="$TIMINGS.vitest"
: >"$PHASE_TIMINGS_FILE"
RUN_START=$SECONDS
PHASE="" PHASE_START=$SECONDS
if [ -n "${INSTALL_SECONDS:-}" ]; then printf 'install (npm ci)\t%s\t\n' "$INSTALL_SECONDS" >>"$TIMINGS"; fi
end_phase() {
  if [ -n "$PHASE" ]; then printf '%s\t%s\t%s\n' "$PHASE" "$((SECONDS - PHASE_START))" "${1:-}" >>"$TIMINGS"; fi
  PHASE=""
}
phase() { end_phase; PHASE="$1" PHASE_START=$SECONDS; say "$1"; }
print_timings() {
  local status=$?
  end_phase "$([ "$status" = 0 ] || echo "failed (exit $status)")"
  printf '\n== Timings (seconds)\n'
  {
    printf 'phase\tseconds\tnote\n'
    cat "$TIMINGS"
    if [ -s "$PHASE_TIMINGS_FILE" ]; then sed 's/^/  /' "$PHASE_TIMINGS_FILE"; fi
    printf 'total (this script)\t%s\t\n' "$((SECONDS - RUN_START))"
  } | if command -v column >/dev/null 2>&1; then column -t -s "$(printf '\t')"; else cat; fi
  rm -f "$TIMINGS" "$PHASE_TIMINGS_FILE"
  exit "$status"
}
trap print_timings EXIT

phase "Chromium for the browser tests"
if [ -x /usr/bin/chromium ]; then
  echo "found /usr/bin/chromium"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  apt-get update -qq >/dev/null 2>&1 || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  echo "installed Debian's chromium"
else
  echo "Browser tests need Debian's chromium at /usr/bin/chromium. Install it: sudo apt-get install chromium" >&2
  exit 1
fi

phase "nginx with its njs module for the cluster suite"
if [ -x /usr/sbin/nginx ] && [ -f /usr/lib/nginx/modules/ngx_http_js_module.so ]; then
  echo "found nginx and njs"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light libnginx-mod-http-js >/dev/null 2>&1 || {
    apt-get update -qq >/dev/null 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light libnginx-mod-http-js >/dev/null
  }
  echo "installed Debian's nginx-light and libnginx-mod-http-js"
else
  echo "The cluster suite needs nginx with njs: sudo apt-get install nginx-light libnginx-mod-http-js" >&2
  exit 1
fi

phase "PostgreSQL for the database suites"
if command -v pg_isready >/dev/null 2>&1 && ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  fi
fi
if command -v pg_isready >/dev/null 2>&1 && pg_isready -h 127.0.0.1 -p 5432 -q; then
  psql -h 127.0.0.1 -U postgres -tAc "select 1 from pg_database where datname = 'test'" postgres 2>/dev/null | grep -q 1 \
    || psql -h 127.0.0.1 -U postgres -c 'create database test' postgres >/dev/null 2>&1 || true
  echo "PostgreSQL is up at 127.0.0.1:5432"
else
  echo "PostgreSQL is not reachable at 127.0.0.1:5432: the API suites run on PGlite only (set REQUIRE_POSTGRES=1 to fail instead)."
fi

phase "Redis for the job-queue suite"
if command -v redis-cli >/dev/null 2>&1 && ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  if command -v redis-server >/dev/null 2>&1; then
    mkdir -p /tmp/sideline-redis
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir /tmp/sideline-redis >/dev/null
    for _ in $(seq 1 20); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.5; done
  fi
fi
if redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then echo "Redis is up at 127.0.0.1:6379"; else
  echo "Redis is not reachable at 127.0.0.1:6379: the BullMQ suite will fail. Install redis-server." >&2; fi

phase "Typecheck"
npm run typecheck --silent
phase "Lint and format"
npm run lint --silent
phase "Build the web app and the API"
npm run build --silent
phase "Tests (vitest, all projects)"
npx vitest run --reporter=default --reporter=./scripts/phase-reporter.ts
