#!/bin/sh
# HAProxy's external check of a PostgreSQL node (scripts/cluster/haproxy.cfg): healthy only when the node answers and
# is not in recovery, i.e. it is the primary. HAProxy passes: proxy address, proxy port, server address, server port.
answer=$(psql "host=$3 port=$4 user=postgres dbname=postgres connect_timeout=1" -XtAc 'select pg_is_in_recovery()' 2>/dev/null)
[ "$answer" = "f" ]
