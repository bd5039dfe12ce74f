#!/usr/bin/env bash
# PostgreSQL's archive_command: copies one finished WAL segment into the archive folder.
#   archive_command = '/opt/keystone/scripts/backup/pg-archive-wal.sh %p %f /var/backups/keystone/wal'
# A segment already archived is never overwritten: the same bytes again succeed (a retry after a crash), other bytes
# fail, so PostgreSQL keeps the segment and retries while someone looks. The copy is written under a temporary name
# and renamed, so the archive never holds half a segment. docs/deployment.md, "Backups".
set -euo pipefail
src="$1" name="$2" dir="$3"
target="$dir/$name"
if [[ -f "$target" ]]; then
  cmp -s "$src" "$target" && exit 0
  echo "pg-archive-wal: $target exists with other contents" >&2
  exit 1
fi
cp "$src" "$target.part"
sync "$target.part" 2>/dev/null || true
mv "$target.part" "$target"
