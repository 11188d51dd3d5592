#!/usr/bin/env bash
# Starts Debian's PostgreSQL (installing it if needed) and creates an empty test database.
# Prints the connection string, and nothing else, on standard output (everything else goes to
# standard error). Used by .ci/run; handy on a developer machine too.
set -euo pipefail
exec 3>&1 1>&2
export DEBIAN_FRONTEND=noninteractive
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  apt-get install -y -qq --no-install-recommends postgresql
fi
version=$(ls /etc/postgresql | sort -V | tail -n 1)
# The server outlives this script, so it must not inherit any descriptor beyond 0-2: fd 3 is
# the caller's $(...) pipe (and CI runners hold others), which would then never reach EOF and
# the caller would wait for it forever.
(
  for fd in /proc/self/fd/*; do
    fd=${fd##*/}
    if [ "$fd" -gt 2 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
  done
  exec pg_ctlcluster "$version" main start </dev/null
) || true
for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q" && break
  sleep 0.5
done
su postgres -c "psql -q -v ON_ERROR_STOP=1" <<'SQL'
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'mare') THEN
    CREATE ROLE mare LOGIN PASSWORD 'mare';
  END IF;
END $$;
-- Tests that need an empty database of their own (several instances, the export from the
-- embedded database) create and drop one.
ALTER ROLE mare CREATEDB;
-- Dropping a test's copy "with (force)" ends whatever is connected to it, autovacuum included,
-- whose worker is not the test's own: without this the drop fails now and then.
GRANT pg_signal_backend TO mare;
DROP DATABASE IF EXISTS mare_test;
CREATE DATABASE mare_test OWNER mare;
SQL
echo "postgres://mare:mare@127.0.0.1:5432/mare_test" >&3
