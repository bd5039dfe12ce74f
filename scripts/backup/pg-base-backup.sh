#!/usr/bin/env bash
# A base backup of the PostgreSQL server: the starting point every restore replays the archived WAL from.
#   scripts/backup/pg-base-backup.sh <backup folder> [connection URL, default $DATABASE_URL]
# Writes <backup folder>/base-<UTC time>/ (base.tar.gz, pg_wal.tar.gz, backup_manifest) and prints its size and time. The role needs REPLICATION (or be a superuser); run it as the
# postgres OS user, or any user that can write the folder. docs/deployment.md, "Backups".
set -euo pipefail
PG_BIN="${PG_BIN:-$(pg_config --bindir 2>/dev/null || echo /usr/lib/postgresql/15/bin)}"
dest="${1:?usage: pg-base-backup.sh <backup folder> [connection URL]}"
url="${2:-${DATABASE_URL:?set DATABASE_URL or pass a connection URL}}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
out="$dest/base-$stamp"
mkdir -p "$dest"
started=$(date +%s%N)
"$PG_BIN/pg_basebackup" -d "$url" -D "$out" -F tar -z -X stream -c fast -l "keystone base backup $stamp"
ms=$((($(date +%s%N) - started) / 1000000))
bytes=$(du -sb "$out" | cut -f1)
echo "base backup: $out ($bytes bytes in $ms ms)"
