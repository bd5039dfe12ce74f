#!/usr/bin/env bash
# Failover with nothing lost (apps/server/bench/failover.bench.ts) on a cluster of its own:
#   bash scripts/cluster/failover.sh 5    # npm run bench:failover: five failovers in a row, a table at the end
#   bash scripts/cluster/failover.sh 1    # npm test's run (scripts/test.sh)
# Starts the cluster (scripts/cluster/cluster.sh, CLUSTER_PORT_BASE 6600, folder .cluster-failover, no demo data),
# runs the failovers, and stops and removes the cluster however it ends (trap). Exit 77: skipped, because the
# Debian packages cannot be installed here (the reason is printed); 1: a failover lost a scan or failed otherwise.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/scripts/cluster"
export FAILOVER_RUNS=${1:-5}
export CLUSTER_DIR=${CLUSTER_DIR:-$ROOT/.cluster-failover}
export CLUSTER_PORT_BASE=${CLUSTER_PORT_BASE:-6600}
export CLUSTER_DEMO_DATA=0
# One run (npm test's, bounded to 3 minutes): 5 s of load before the kill and after service is back, not 8.
if [ "$FAILOVER_RUNS" = 1 ]; then
  export FAILOVER_BEFORE_SECONDS=${FAILOVER_BEFORE_SECONDS:-5} FAILOVER_AFTER_SECONDS=${FAILOVER_AFTER_SECONDS:-5}
fi

cleanup() { bash "$HERE/cluster.sh" stop > /dev/null 2>&1 || true; }
trap cleanup EXIT
trap 'echo "[failover] interrupted: stopping the cluster"; exit 130' INT TERM

if ! bash "$HERE/cluster.sh" install > "${TMPDIR:-/tmp}/keystone-failover-install.log" 2>&1; then
  echo "[failover] SKIPPED: the Debian packages postgresql-15-auto-failover, haproxy and pgbouncer cannot be installed here:"
  tail -5 "${TMPDIR:-/tmp}/keystone-failover-install.log"
  exit 77
fi
cleanup # a cluster left by an earlier run that was killed
started=$(date +%s)
bash "$HERE/cluster.sh" start || {
  echo "[failover] the cluster did not start; its logs:"
  tail -n 15 "$(bash "$HERE/cluster.sh" dir)"/*.log 2> /dev/null
  exit 1
}
echo "[failover] cluster up in $(($(date +%s) - started)) s"
(cd "$ROOT/apps/server" && node --import tsx bench/failover.bench.ts)
status=$?
if [ $status -ne 0 ]; then
  echo "[failover] failed; the end of the cluster's logs:"
  tail -n 15 "$(bash "$HERE/cluster.sh" dir)"/*.log 2> /dev/null
fi
exit $status
