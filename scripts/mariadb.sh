#!/usr/bin/env bash
# Starts a throwaway MariaDB server on a loopback port (for the Open Dental sync's tests and demo)
# and prints an admin URL. Nothing is kept: the data, socket and logs live in DIR, durability is
# off for speed, and `stop` removes DIR.
# Usage: scripts/mariadb.sh start DIR PORT | stop DIR
set -euo pipefail
cmd=$1 dir=$2
server=$(command -v mariadbd || ls /usr/sbin/mariadbd 2>/dev/null || true)
[ -n "$server" ] || { echo "MariaDB server not found: run  sudo apt-get install -y mariadb-server" >&2; exit 1; }
# The server refuses to run as root unless told whom to run as: the mysql user then.
run_as=()
if [ "$(id -u)" = 0 ]; then run_as=(--user=mysql); fi
case $cmd in
  start)
    port=$3
    rm -rf "$dir"; mkdir -p "$dir/data" "$dir/tmp"
    [ "$(id -u)" = 0 ] && chown -R mysql: "$dir"
    # Its own temporary folder: bootstraps that run at once do not meet in /tmp.
    mariadb-install-db --no-defaults --datadir="$dir/data" --tmpdir="$dir/tmp" "${run_as[@]}" --auth-root-authentication-method=normal \
      --skip-test-db --skip-name-resolve >"$dir/install.log" 2>&1 \
      || { echo "mariadb-install-db failed (see $dir/install.log)" >&2; exit 1; }
    "$server" --no-defaults "${run_as[@]}" --datadir="$dir/data" --tmpdir="$dir/tmp" --socket="$dir/mysqld.sock" \
      --pid-file="$dir/mysqld.pid" --port="$port" --bind-address=127.0.0.1 --skip-name-resolve \
      --skip-log-bin --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 --innodb-buffer-pool-size=64M \
      --innodb-log-file-size=16M --sync-frm=0 --max-connections=200 --character-set-server=utf8mb4 \
      --log-error="$dir/server.log" </dev/null >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 1 300); do
      if mariadb-admin --no-defaults --socket="$dir/mysqld.sock" -uroot ping >/dev/null 2>&1; then
        # root has no password and may connect only from this machine (127.0.0.1, loopback only).
        mariadb --no-defaults --socket="$dir/mysqld.sock" -uroot -e \
          "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1'; GRANT ALL ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;"
        echo "mysql://root@127.0.0.1:$port/mysql"
        exit 0
      fi
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    echo "MariaDB did not start (see $dir/server.log)" >&2
    exit 1
    ;;
  stop)
    if [ -s "$dir/mysqld.pid" ]; then
      pid=$(cat "$dir/mysqld.pid")
      # Killed outright: the data is thrown away, so a clean shutdown would only cost time.
      kill -9 "$pid" 2>/dev/null || true
      while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
    fi
    rm -rf "$dir"
    ;;
esac
