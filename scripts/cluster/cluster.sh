#!/usr/bin/env bash
# The product past one machine, on this one, on loopback (docs/deployment.md, "Past one machine"):
#   a pg_auto_failover monitor, a PostgreSQL primary and a synchronous standby (pg_autoctl keepers),
#   HAProxy's TCP frontend that sends to whichever node answers pg_is_in_recovery() = false,
#   PgBouncer in transaction mode (and a session-mode entry for LISTEN and the migrations) in front of it,
#   two API processes on PgBouncer, and HAProxy's HTTP frontend in front of them (health check /api/health).
#
#   bash scripts/cluster/cluster.sh start     # npm run cluster: prints the one URL to open
#   bash scripts/cluster/cluster.sh stop      # npm run cluster:stop: stops and removes all of it
#   bash scripts/cluster/cluster.sh status    # the monitor's view of the nodes
#   bash scripts/cluster/cluster.sh crash-primary   # kill -9 the primary node (its keeper and its postmaster)
#   bash scripts/cluster/cluster.sh crash-primary postmaster   # kill -9 the primary's postmaster alone
#   bash scripts/cluster/cluster.sh rejoin    # restart every stopped node's keeper: it rejoins as the standby
#   bash scripts/cluster/cluster.sh dir       # the folder the cluster keeps its nodes and logs in
#
# Environment: CLUSTER_DIR (default .cluster in the repository; see below), CLUSTER_PORT_BASE (default 6500: the ports are
# base+1 monitor, +11 and +12 the nodes, +20 HAProxy's PostgreSQL frontend, +30 PgBouncer, +40 the URL to open,
# +41 and +42 the API processes), CLUSTER_DEMO_DATA (1: demo users and catalogue; 0: an empty database).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/scripts/cluster"
DIR=${CLUSTER_DIR:-$ROOT/.cluster}
# The nodes run as the postgres OS user: when it cannot enter the checkout (a clone in a `mktemp -d` folder, mode
# 700), the cluster's folder moves to the temporary folder, named after the checkout and the folder asked for.
if [ "$(id -u)" = 0 ] && ! runuser -u postgres -- test -x "$(dirname "$DIR")" 2>/dev/null; then
  DIR="${TMPDIR:-/tmp}/keystone-$(printf '%s' "$DIR" | md5sum | cut -c1-12)-$(basename "$DIR")"
fi
BASE=${CLUSTER_PORT_BASE:-6500}
P_MONITOR=$((BASE + 1))
P_NODE1=$((BASE + 11))
P_NODE2=$((BASE + 12))
P_PG=$((BASE + 20))
P_BOUNCER=$((BASE + 30))
P_WEB=$((BASE + 40))
P_API1=$((BASE + 41))
P_API2=$((BASE + 42))
PGBIN=/usr/lib/postgresql/15/bin
PACKAGES=(postgresql-15-auto-failover haproxy pgbouncer)
MONITOR_URL="postgres://autoctl_node@127.0.0.1:$P_MONITOR/pg_auto_failover?sslmode=disable"

SECONDS=0
say() { echo "[cluster ${SECONDS}s] $*"; }

# PostgreSQL refuses to run as root: its processes (and PgBouncer) run as the postgres user.
if [ "$(id -u)" = 0 ]; then AS=(runuser -u postgres --); else AS=(); fi

pgaf() {
  "${AS[@]}" env XDG_CONFIG_HOME="$DIR/xdg/config" XDG_DATA_HOME="$DIR/xdg/data" XDG_RUNTIME_DIR="$DIR/xdg/run" \
    PATH="$PGBIN:$PATH" pg_autoctl "$@"
}

# psql on a node of the cluster: port, database, then psql's arguments.
sql() {
  local port=$1 db=$2
  shift 2
  psql -d "host=127.0.0.1 port=$port user=postgres dbname=$db connect_timeout=2" -XtAq "$@"
}

# wait_for <seconds> <what> <command...>: runs the command every 0.5 s until it succeeds.
wait_for() {
  local seconds=$1 what=$2
  shift 2
  local deadline=$(($(date +%s) + seconds))
  until "$@" > /dev/null 2>&1; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
      say "timed out after ${seconds}s waiting for: $what"
      return 1
    fi
    sleep 0.5
  done
}

packages_present() {
  command -v pg_autoctl > /dev/null && command -v haproxy > /dev/null && command -v pgbouncer > /dev/null &&
    [ -x "$PGBIN/postgres" ]
}

install_packages() {
  packages_present && return 0
  say "installing ${PACKAGES[*]} (apt-get)"
  local sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo -n)
  # The packages' services are not started: this script runs its own.
  if ! DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${PACKAGES[@]}"; then
    say "apt-get install failed; trying once after apt-get update"
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get update -q &&
      DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${PACKAGES[@]}"
  fi
  packages_present
}

port_free() { ! ss -ltnH "sport = :$1" | grep -q .; }

node_port() { if [ "$1" = node1 ]; then echo "$P_NODE1"; else echo "$P_NODE2"; fi; }

# The node whose PostgreSQL answers as primary (not in recovery), or nothing.
primary_node() {
  for node in node1 node2; do
    if [ "$(sql "$(node_port $node)" postgres -c 'select pg_is_in_recovery()' 2> /dev/null)" = f ]; then
      echo "$node"
      return 0
    fi
  done
  return 1
}

# The monitor's states of the nodes: "node1:primary node2:secondary".
states() {
  sql "$P_MONITOR" pg_auto_failover -F: -c \
    "select nodename, reportedstate from pgautofailover.node order by nodename" 2> /dev/null | tr '\n' ' '
}

states_are() { [ "$(states)" = "$1 " ]; }

writable() { [ "$(sql "$1" "$2" -c 'show transaction_read_only' 2> /dev/null)" = off ]; }

start_keeper() {
  local name=$1
  "${AS[@]}" true # fail early if the user cannot be switched to
  nohup "${AS[@]}" env XDG_CONFIG_HOME="$DIR/xdg/config" XDG_DATA_HOME="$DIR/xdg/data" \
    XDG_RUNTIME_DIR="$DIR/xdg/run" PATH="$PGBIN:$PATH" pg_autoctl run --pgdata "$DIR/$name" \
    >> "$DIR/$name.log" 2>&1 < /dev/null &
}

create_node() {
  local name=$1 port=$2
  pgaf create postgres --pgdata "$DIR/$name" --pgport "$port" --pgctl "$PGBIN/pg_ctl" --hostname 127.0.0.1 \
    --listen 127.0.0.1 --name "$name" --dbname keystone --monitor "$MONITOR_URL" --auth trust --no-ssl \
    >> "$DIR/$name.log" 2>&1
  start_keeper "$name"
}

write_haproxy_config() {
  cat > "$DIR/haproxy.cfg" << EOF
global
    pidfile $DIR/haproxy.pid
    maxconn 4000
    # The PostgreSQL backend's check runs psql (external-check), which needs fork.
    external-check
    insecure-fork-wanted

defaults
    timeout connect 2s
    timeout client 30m
    timeout server 30m

# PostgreSQL: whichever node is primary. pg_auto_failover decides which that is; this only follows it.
frontend postgresql
    mode tcp
    bind 127.0.0.1:$P_PG
    default_backend postgresql_primary

backend postgresql_primary
    mode tcp
    option external-check
    external-check path "/usr/bin:/bin"
    external-check command $HERE/pg-primary-check.sh
    # Every second; after a failure every 300 ms, down after 3 (a check that is only slow, on a loaded machine, must
    # not cut the primary's sessions); up at the first success.
    timeout check 2s
    default-server inter 1s fastinter 300ms downinter 500ms fall 3 rise 1 on-marked-down shutdown-sessions
    server node1 127.0.0.1:$P_NODE1 check
    server node2 127.0.0.1:$P_NODE2 check

# The URL to open: the API processes (and the web client each serves), health-checked on /api/health.
frontend web
    mode http
    bind 127.0.0.1:$P_WEB
    timeout client 120s
    default_backend api

backend api
    mode http
    balance roundrobin
    timeout server 120s
    option forwardfor
    option httpchk GET /api/health
    http-check expect status 200
    default-server inter 1s fastinter 250ms fall 2 rise 1
    # No API process healthy (each answers 503 while its database is away): the same answer they give.
    http-error status 503 content-type application/json string "{\"statusCode\":503,\"error\":\"Service Unavailable\",\"message\":\"The database is unavailable; try again in a moment\"}" hdr Retry-After 2
    server api1 127.0.0.1:$P_API1 check
    server api2 127.0.0.1:$P_API2 check
EOF
}

write_pgbouncer_config() {
  mkdir -p "$DIR/pgbouncer"
  echo '"postgres" ""' > "$DIR/pgbouncer/userlist.txt"
  cat > "$DIR/pgbouncer/pgbouncer.ini" << EOF
[databases]
; Transaction pooling for the API's requests and jobs (DATABASE_URL).
keystone = host=127.0.0.1 port=$P_PG dbname=keystone
; Session pooling for what needs one session: LISTEN and the migrations' advisory lock (DATABASE_SESSION_URL).
keystone_session = host=127.0.0.1 port=$P_PG dbname=keystone pool_mode=session

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $P_BOUNCER
unix_socket_dir =
auth_type = trust
auth_file = $DIR/pgbouncer/userlist.txt
admin_users = postgres
pool_mode = transaction
default_pool_size = 20
max_client_conn = 1000
; A failover: retry a refused server login after 1 s (default 15), and give up on a client's wait after 5 s.
server_login_retry = 1
server_connect_timeout = 2
query_wait_timeout = 5
logfile = $DIR/pgbouncer/pgbouncer.log
pidfile = $DIR/pgbouncer/pgbouncer.pid
EOF
}

# An API process under a supervisor's loop (as systemd's Restart=always, docs/deployment.md): restarted when it exits.
start_api() {
  local n=$1 port=$2
  mkdir -p "$DIR/api$n"
  (
    cd "$ROOT/apps/server"
    while [ ! -e "$DIR/stopping" ]; do
      PORT=$port HOST=127.0.0.1 TRUST_PROXY=1 EXPOSE_PROCESS_ID=1 NODE_ENV=production \
        DATABASE_URL="postgres://postgres@127.0.0.1:$P_BOUNCER/keystone" \
        DATABASE_SESSION_URL="postgres://postgres@127.0.0.1:$P_BOUNCER/keystone_session" \
        DATABASE_PREPARED_STATEMENTS=0 DEMO_DATA="${CLUSTER_DEMO_DATA:-1}" DATA_DIR="$DIR/api$n" \
        node --import tsx src/main.ts >> "$DIR/api$n.log" 2>&1 < /dev/null &
      echo $! > "$DIR/api$n.pid"
      wait $!
      sleep 1
    done
  ) > /dev/null 2>&1 < /dev/null &
  echo $! > "$DIR/api$n.supervisor.pid"
}

health() { [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$1/api/health")" = 200 ]; }

start() {
  if [ -e "$DIR/started" ]; then
    say "a cluster is already in $DIR: npm run cluster:stop first"
    exit 1
  fi
  if ! install_packages; then
    say "cannot install ${PACKAGES[*]}"
    exit 3
  fi
  for port in $P_MONITOR $P_NODE1 $P_NODE2 $P_PG $P_BOUNCER $P_WEB $P_API1 $P_API2; do
    port_free "$port" || {
      say "port $port is taken (CLUSTER_PORT_BASE=$BASE); set CLUSTER_PORT_BASE to another base"
      exit 1
    }
  done
  if [ ! -f "$ROOT/apps/web/dist/index.html" ]; then
    say "building the web client"
    (cd "$ROOT" && npm run build -w apps/web > /dev/null)
  fi
  rm -rf "$DIR"
  mkdir -p "$DIR/xdg/config" "$DIR/xdg/data" "$DIR/xdg/run"
  touch "$DIR/started"
  [ "$(id -u)" = 0 ] && chown -R postgres: "$DIR"
  chmod 700 "$DIR/xdg/run"

  say "monitor on $P_MONITOR"
  pgaf create monitor --pgdata "$DIR/monitor" --pgport "$P_MONITOR" --pgctl "$PGBIN/pg_ctl" --hostname 127.0.0.1 \
    --auth trust --no-ssl >> "$DIR/monitor.log" 2>&1
  pgaf config set --pgdata "$DIR/monitor" postgresql.listen_addresses 127.0.0.1 >> "$DIR/monitor.log" 2>&1
  start_keeper monitor
  wait_for 60 "the monitor" sql "$P_MONITOR" pg_auto_failover -c 'select 1'
  # Health checks every second, a node unhealthy after 1 failed retry and 3 s without its keeper's report, and a
  # primary that cannot be reached given 3 s to demote before its standby is promoted (defaults: 5 s, 2, 20 s, 30 s).
  sql "$P_MONITOR" pg_auto_failover \
    -c "alter system set pgautofailover.health_check_period = 1000" \
    -c "alter system set pgautofailover.health_check_timeout = 1000" \
    -c "alter system set pgautofailover.health_check_max_retries = 1" \
    -c "alter system set pgautofailover.health_check_retry_delay = 500" \
    -c "alter system set pgautofailover.node_considered_unhealthy_timeout = 3000" \
    -c "alter system set pgautofailover.primary_demote_timeout = 3000" \
    -c "select pg_reload_conf()" > /dev/null

  say "primary (node1) on $P_NODE1"
  create_node node1 "$P_NODE1"
  wait_for 120 "node1 to be the single node" states_are "node1:single"
  say "standby (node2) on $P_NODE2"
  create_node node2 "$P_NODE2"
  wait_for 180 "node1 primary and node2 secondary" states_are "node1:primary node2:secondary"
  local sync
  sync=$(sql "$P_NODE1" postgres -c 'show synchronous_standby_names')
  say "synchronous_standby_names on the primary: $sync"

  write_haproxy_config
  haproxy -c -q -f "$DIR/haproxy.cfg"
  haproxy -D -f "$DIR/haproxy.cfg"
  # HAProxy counts a server up until its first check says otherwise: let the checks run before anything connects.
  sleep 4
  write_pgbouncer_config
  [ "$(id -u)" = 0 ] && chown -R postgres: "$DIR/pgbouncer"
  "${AS[@]}" pgbouncer -d -q "$DIR/pgbouncer/pgbouncer.ini"
  wait_for 30 "PgBouncer to reach the primary" writable "$P_BOUNCER" keystone

  say "API processes on $P_API1 and $P_API2"
  # Started together: the migrations run under an advisory lock, so one applies them and the other finds them done.
  start_api 1 "$P_API1"
  start_api 2 "$P_API2"
  wait_for 150 "API process 1" health "$P_API1"
  wait_for 60 "API process 2" health "$P_API2"
  wait_for 30 "HAProxy's API frontend" health "$P_WEB"
  echo
  say "up: primary node1 (:$P_NODE1), synchronous standby node2 (:$P_NODE2), monitor :$P_MONITOR,"
  say "    HAProxy PostgreSQL :$P_PG, PgBouncer :$P_BOUNCER, API :$P_API1 and :$P_API2 (logs in $DIR)"
  [ "${CLUSTER_DEMO_DATA:-1}" = 1 ] && say "demo users: the role names (admin, warehouse-1, …), password demo1234"
  echo
  echo "Open http://127.0.0.1:$P_WEB/"
}

# The pids of a node's keeper (pg_autoctl run and its service processes) and of its postmaster.
node_pids() {
  local name=$1 pidfile
  pidfile="$DIR/xdg/run/pg_autoctl$DIR/$name/pg_autoctl.pid"
  if [ -f "$pidfile" ]; then
    local keeper
    keeper=$(head -1 "$pidfile")
    if kill -0 "$keeper" 2> /dev/null; then
      echo "$keeper"
      ps -o pid= --ppid "$keeper" || true
    fi
  fi
  [ -f "$DIR/$name/postmaster.pid" ] && head -1 "$DIR/$name/postmaster.pid"
  return 0
}

# kill -9 the primary's keeper and postmaster at once: the machine is lost. With "postmaster", the postmaster alone:
# its keeper restarts it at once, and whether the monitor fails over first depends on how long that takes.
crash_primary() {
  local node
  node=$(primary_node) || {
    say "no primary"
    exit 1
  }
  if [ "${1:-node}" = postmaster ]; then
    kill -9 "$(head -1 "$DIR/$node/postmaster.pid")"
  else
    # shellcheck disable=SC2046
    kill -9 $(node_pids "$node") 2> /dev/null || true
  fi
  echo "$node"
}

rejoin() {
  for node in node1 node2; do
    local alive=0
    for pid in $(node_pids $node); do kill -0 "$pid" 2> /dev/null && alive=1; done
    if [ $alive = 0 ]; then
      rm -f "$DIR/$node/postmaster.pid"
      start_keeper "$node"
      say "$node's keeper restarted"
    fi
  done
}

stop_pidfile() {
  local file=$1
  [ -f "$file" ] || return 0
  local pid
  pid=$(head -1 "$file")
  kill "$pid" 2> /dev/null || true
  for _ in $(seq 1 40); do
    kill -0 "$pid" 2> /dev/null || return 0
    sleep 0.25
  done
  kill -9 "$pid" 2> /dev/null || true
}

stop() {
  [ -d "$DIR" ] || {
    say "nothing to stop in $DIR"
    return 0
  }
  touch "$DIR/stopping"
  for n in 1 2; do
    stop_pidfile "$DIR/api$n.pid"
    stop_pidfile "$DIR/api$n.supervisor.pid"
  done
  stop_pidfile "$DIR/haproxy.pid"
  stop_pidfile "$DIR/pgbouncer/pgbouncer.pid"
  for name in node1 node2 monitor; do
    [ -d "$DIR/$name" ] || continue
    pgaf stop --pgdata "$DIR/$name" --fast > /dev/null 2>&1 || true
  done
  # Whatever did not stop (a keeper stopped by kill -9, a stuck postmaster) is killed by its recorded pid.
  sleep 1
  for name in node1 node2 monitor; do
    local pids
    pids=$(node_pids "$name")
    # shellcheck disable=SC2086
    [ -n "$pids" ] && kill -9 $pids 2> /dev/null || true
  done
  rm -rf "$DIR"
  say "stopped and removed $DIR"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) states && echo && primary_node ;;
  primary) primary_node ;;
  crash-primary) crash_primary "${2:-node}" ;;
  rejoin) rejoin ;;
  install) install_packages ;;
  dir) echo "$DIR" ;;
  *)
    echo "usage: $0 start|stop|status|primary|crash-primary|rejoin|install|dir"
    exit 2
    ;;
esac
