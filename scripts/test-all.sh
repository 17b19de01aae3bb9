#!/usr/bin/env bash
# Prepares this machine for the whole test suite and runs it: typecheck, lint, build, then every Vitest
# project (contract, API on PGlite and PostgreSQL, the nginx cluster, web units, browser tests in Chromium). Safe to
# re-run.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n== %s\n' "$*"; }

say "Chromium for the browser tests"
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

say "nginx with its njs module for the cluster suite"
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

say "PostgreSQL for the database suites"
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

say "Redis for the job-queue suite"
if command -v redis-cli >/dev/null 2>&1 && ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  if command -v redis-server >/dev/null 2>&1; then
    mkdir -p /tmp/sideline-redis
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir /tmp/sideline-redis >/dev/null
    for _ in $(seq 1 20); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.5; done
  fi
fi
if redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then echo "Redis is up at 127.0.0.1:6379"; else
  echo "Redis is not reachable at 127.0.0.1:6379: the BullMQ suite will fail. Install redis-server." >&2; fi

say "Typecheck"
npm run typecheck --silent
say "Lint and format"
npm run lint --silent
say "Build the web app"
npm run build --silent
say "Tests"
npx vitest run
