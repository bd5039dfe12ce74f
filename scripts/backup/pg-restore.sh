#!/usr/bin/env bash
# Restores a base backup into a new, empty data folder and sets it to replay the archived WAL up to a point in time (or
# a named restore point), then promote: the server started on that folder comes up as the database of that moment.
#   scripts/backup/pg-restore.sh --base <base-… folder> --wal <archive folder> --data <new data folder> \
#     (--target-time '2026-11-27 22:14:05+00' | --target-name <restore point> | --latest)
# Run as the postgres OS user. It starts nothing: start PostgreSQL on the folder (pg_ctl -D <data folder> start, or
# the service), wait for "database system is ready to accept connections", then run npm run ledger:check against it.
# docs/deployment.md, "Backups".
set -euo pipefail
base="" wal="" data="" target=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --base) base="$2"; shift 2 ;;
    --wal) wal="$2"; shift 2 ;;
    --data) data="$2"; shift 2 ;;
    --target-time) target="recovery_target_time = '$2'"; shift 2 ;;
    --target-name) target="recovery_target_name = '$2'"; shift 2 ;;
    --latest) target="# the end of the archive"; shift ;;
    *) echo "pg-restore: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -n "$base" && -n "$wal" && -n "$data" && -n "$target" ]] || {
  echo "usage: pg-restore.sh --base <dir> --wal <dir> --data <dir> (--target-time <ts> | --target-name <name> | --latest)" >&2
  exit 2
}
[[ -f "$base/base.tar.gz" ]] || { echo "pg-restore: $base/base.tar.gz not found" >&2; exit 2; }
if [[ -e "$data" && -n "$(ls -A "$data" 2>/dev/null)" ]]; then
  echo "pg-restore: $data is not empty: restore into a new folder" >&2
  exit 2
fi
wal="$(cd "$wal" && pwd)"
mkdir -p "$data"
chmod 700 "$data"
tar -xzf "$base/base.tar.gz" -C "$data"
[[ -f "$base/pg_wal.tar.gz" ]] && tar -xzf "$base/pg_wal.tar.gz" -C "$data/pg_wal"
cat >>"$data/postgresql.auto.conf" <<CONF

# pg-restore.sh $(date -u +%Y-%m-%dT%H:%M:%SZ)
restore_command = 'cp "$wal/%f" "%p"'
$target
recovery_target_action = 'promote'
CONF
touch "$data/recovery.signal"
echo "restore: $data is ready; start PostgreSQL on it, then run npm run ledger:check against it"
