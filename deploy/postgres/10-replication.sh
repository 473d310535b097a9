#!/bin/sh
# Runs once, when the primary's data directory is first created (docker-entrypoint-initdb.d):
# lets the read replica stream WAL as the Continuum database user over the compose network.
set -eu
echo "host replication ${POSTGRES_USER} all scram-sha-256" >> "$PGDATA/pg_hba.conf"
