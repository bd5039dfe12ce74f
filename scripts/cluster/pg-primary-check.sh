#!/bin/sh
# HAProxy's external check of a PostgreSQL node (scripts/cluster/haproxy.cfg): healthy only when the node answers and
# is writable (transaction_read_only off: not in recovery, and not held read-only by pg_auto_failover during a promotion), as libpq's target_session_attrs=read-write decides. HAProxy passes: proxy address, proxy port, server address, server port.
answer=$(psql "host=$3 port=$4 user=postgres dbname=postgres connect_timeout=1" -XtAc 'show transaction_read_only' 2>/dev/null)
[ "$answer" = "off" ]
