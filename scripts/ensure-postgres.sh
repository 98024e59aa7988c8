#!/usr/bin/env bash
# Starts the machine's PostgreSQL 15 (installed but stopped on a fresh machine) and makes sure
# the test role exists. Prints the connection URL for tests on stdout; exits non-zero if
# PostgreSQL cannot be started. Idempotent.
set -euo pipefail
PGVER=${PGVER:-15}
ROLE=fw_test
PASS=fw_test

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "PostgreSQL is not installed (pg_ctlcluster missing)" >&2
  exit 1
fi
if ! pg_lsclusters -h 2>/dev/null | awk '{print $4}' | grep -q online; then
  pg_ctlcluster --skip-systemctl-redirect "$PGVER" main start >&2
fi
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p 5432 && break
  sleep 0.5
done
as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -c "$1"; else sudo -u postgres sh -c "$1"; fi; }
as_postgres "psql -q -v ON_ERROR_STOP=1 -c \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$ROLE') THEN CREATE ROLE $ROLE LOGIN CREATEDB PASSWORD '$PASS'; END IF; END \\\$\\\$;\"" >&2
# DROP DATABASE … WITH (FORCE) ends the other sessions of a test database; an autovacuum worker
# there has no role, and only members of pg_signal_backend may end it (PostgreSQL 15), so
# without this grant a test database's clean-up failed whenever autovacuum had just started on it.
as_postgres "psql -q -v ON_ERROR_STOP=1 -c 'SET client_min_messages = warning' -c 'GRANT pg_signal_backend TO $ROLE'" >&2
as_postgres "psql -q -tAc \"SELECT 1 FROM pg_database WHERE datname = '$ROLE'\" | grep -q 1 || createdb -O $ROLE $ROLE" >&2
echo "postgres://$ROLE:$PASS@127.0.0.1:5432/$ROLE"
