# What the HA benchmarks share (sourced by bench/ha-deploy.sh and bench/ha-sigstop.sh, which set `jar`, `zkjar` and,
# before `serve`, the board-sim's `ports` and the `fabric` options): a work folder cleaned at exit, the oftctl
# command, waiting for a line, a fresh ZooKeeper, and starting and stopping a controller.
work="$(mktemp -d)"
export OFTCTL_HOME="$work/home"
pids=()
cleanup() { for p in "${pids[@]}" $(cat "$work"/*.pid 2>/dev/null); do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"; }
trap cleanup EXIT
oftctl=(java -XX:+UseSerialGC -jar "$jar") # an array, not a function: $! is then the JVM's pid, which stop() ends

# a line starting with $2 in file $1, within 90 s
wait_line() {
  for _ in $(seq 1 450); do
    if line="$(grep -m1 "^$2" "$1" 2>/dev/null)"; then echo "$line"; return 0; fi
    sleep 0.2
  done
  echo "no '$2' in $1:" >&2; cat "$1" >&2; return 1
}

# a fresh one-member ZooKeeper (the bench's shared token is then made anew by the first master): "ADDR PID"
zookeeper() {
  rm -rf "$work/zk" "$work/zk.out"
  java -jar "$zkjar" zookeeper --port 0 --data "$work/zk" > "$work/zk.out" 2> "$work/zk.err" & pids+=($!)
  echo "$(wait_line "$work/zk.out" "oftctl zookeeper: serving" | sed -E 's/.*serving ([^,]+),.*/\1/') $!"
}
# serve NAME PORT_INDEX [serve options...]: starts a controller, prints "URL TOKEN" once it is master
serve() {
  local name="$1" port="$2"; shift 2
  "${oftctl[@]}" serve "${fabric[@]}" --board "serial:${ports[$port]}" --port 0 \
    --token-file "$work/$name.token" --state "$work/$name.json" --events none "$@" > "$work/$name.out" 2> "$work/$name.err" & pids+=($!)
  echo $! > "$work/$name.pid"
  local line; line="$(wait_line "$work/$name.out" "oftctl: .*console at http")"
  local url; url="$(echo "$line" | sed -E 's|.*console at (http://[^/]+)/.*|\1|')"
  echo "$url $(cat "$work/$name.token" 2>/dev/null || true)"
}
# stops a controller and waits until it is gone (it is no child of this shell: started in a command substitution)
stop() { local p; p="$(cat "$work/$1.pid")"; kill "$p"; while kill -0 "$p" 2>/dev/null; do sleep 0.1; done; }

