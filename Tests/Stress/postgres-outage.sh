#!/usr/bin/env bash
# Runs PostgresOutageTests alone, again and again, and reports each run as pass, fail or hang.
#   Tests/Stress/postgres-outage.sh [RUNS]   (default 50; build first: swift build --build-tests --traits PostgreSQL)
# Environment:
#   STRESS_TIMEOUT  seconds a run may take before it counts as hung (default 120)
#   STRESS_LOAD     CPU burners to run beside the test, to reproduce CI's loaded machine (default 0)
#   STRESS_LOGS     folder for each run's output and a hung run's backtraces (default .build/stress/…)
#   STRESS_FILTER   the tests each run runs (default PostgresOutageTests); empty runs the whole suite
#                   around it, as CI does, where the hang showed most (give a STRESS_TIMEOUT of 600)
# Before a hung run is killed, its last steps, sockets, descriptors, 3 s of its connects and timers
# (strace) and every thread's stack (gdb) go to run-N.hang.txt. The hang this was written for left
# every thread idle, its wait in a suspended task that no thread's stack shows: the test's step log
# says where it waits. Exits 1 when any run failed or hung, 2 when it cannot run at all.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
runs=${1:-50}
limit=${STRESS_TIMEOUT:-120}
load=${STRESS_LOAD:-0}
filter=${STRESS_FILTER-PostgresOutageTests}
logs=${STRESS_LOGS:-$root/.build/stress/postgres-outage-$(date +%Y%m%d-%H%M%S)}

ls .build/debug/*PackageTests.xctest >/dev/null 2>&1 || { echo "no test build: run swift build --build-tests --traits PostgreSQL first" >&2; exit 2; }
command -v gdb >/dev/null || echo "gdb is not installed: a hung run is reported without its stacks" >&2
mkdir -p "$logs"
# Fail instead of skipping when initdb, pg_ctl or openssl are missing.
export DEEPLINK_TEST_REQUIRE_POSTGRES_SERVER=1
# Marks every process a run starts, the test's PostgreSQL servers among them (pg_ctl detaches
# them from the test), so that a hung run's servers are found and stopped by their ids.
export DEEPLINK_STRESS_RUN="postgres-outage-$$"

burners=()
cleanup() {
    for burner in "${burners[@]}"; do kill "$burner" 2>/dev/null || true; done
}
trap cleanup EXIT
for _ in $(seq 1 "$load"); do
    (while :; do :; done) &
    burners+=($!)
done

# Every process below `pid`, each after its parent.
descendants() {
    local child
    for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
        echo "$child"
        descendants "$child"
    done
}

# The PostgreSQL servers (postmasters) this script's runs started and left running.
stray_servers() {
    local environ pid
    for environ in /proc/[0-9]*/environ; do
        pid=${environ#/proc/}
        pid=${pid%/environ}
        [[ $(cat "/proc/$pid/comm" 2>/dev/null) == postgres ]] || continue
        # Only postmasters: their children die with them.
        [[ $(ps -o comm= -p "$(ps -o ppid= -p "$pid" 2>/dev/null | tr -d ' ')" 2>/dev/null) == postgres ]] && continue
        tr '\0' '\n' 2>/dev/null <"$environ" | grep -qx "DEEPLINK_STRESS_RUN=$DEEPLINK_STRESS_RUN" && echo "$pid"
    done
}

# Stops a hung run's PostgreSQL servers (an immediate shutdown) and removes their folders.
stop_stray_servers() {
    local pid data
    for pid in $(stray_servers); do
        data=$(tr '\0' '\n' 2>/dev/null <"/proc/$pid/cmdline" | grep -A1 -x -- -D | tail -1) || true
        kill -QUIT "$pid" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
        [[ $data == /tmp/deeplink-postgres-*/data ]] && rm -rf "$(dirname "$data")"
    done
}

# Writes down where a hung run waits: its last steps, every thread's stack, its sockets and its
# PostgreSQL server's processes.
describe_hang() {
    local run=$1 output=$2 top=$3 pid tests=""
    for pid in $(descendants "$top"); do
        [[ $(ps -o args= -p "$pid" 2>/dev/null) == *PackageTests.xctest* ]] && tests=$pid
    done
    {
        echo "== last steps"
        grep 'PostgresOutageTests:' "$output" | tr -d '\r' | tail -5 || true
        echo "== processes"
        ps -o pid,ppid,stat,etime,args -p "$(echo "$top" $(descendants "$top") | tr ' ' ,)" 2>/dev/null || true
        for pid in $(stray_servers); do ps -o pid,stat,args --ppid "$pid" -p "$pid" || true; done
        if [[ -n $tests ]]; then
            echo "== sockets of the test process $tests"
            ss -tanp 2>/dev/null | grep "pid=$tests," || echo "(none)"
            echo "== its descriptors (a timerfd's it_value is the time to its next expiry)"
            for fd in /proc/"$tests"/fd/*; do
                echo "${fd##*/} -> $(readlink "$fd")"
                [[ $(readlink "$fd") == *timerfd* ]] && grep -h it_value "/proc/$tests/fdinfo/${fd##*/}"
            done
            if command -v strace >/dev/null; then
                echo "== its connections and timers over 3 s (whether the pool's probe and the followers still run)"
                timeout -s INT 3 strace -f -tt -e trace=connect,timerfd_settime -p "$tests" 2>&1 | tail -100 || true
            fi
            if command -v gdb >/dev/null; then
                echo "== every thread's stack"
                timeout 120 gdb -p "$tests" -batch -ex 'set pagination off' -ex 'info threads' -ex 'thread apply all bt' 2>&1 || true
            fi
        fi
    } >"$logs/run-$run.hang.txt" 2>&1
}

passed=0
failed=0
hung=0
total_seconds=0
for run in $(seq 1 "$runs"); do
    output="$logs/run-$run.log"
    started=$(date +%s)
    ls -d /tmp/deeplink-postgres-* 2>/dev/null | sort >"$logs/folders-before" || true
    # The outer bound only matters if describing the hang itself hangs.
    # Through a terminal (script): swift test keeps the output of a test process that writes to a
    # file or a pipe until the process ends, and a hung run's steps would never show.
    timeout --kill-after=30 "$((limit + 300))" \
        script --quiet --flush --return --command "swift test --skip-build --traits PostgreSQL${filter:+ --filter $filter}" "$output" \
        </dev/null >/dev/null 2>&1 &
    top=$!
    verdict=""
    while kill -0 "$top" 2>/dev/null; do
        # Waiting for another SwiftPM's lock on .build (a build in the same checkout) is not the
        # test's time: the clock starts once the tests do. (One "hang" of 2026-11-27 was that wait.)
        if ! grep -q "Test run started" "$output" 2>/dev/null && grep -q "Another instance of SwiftPM" "$output" 2>/dev/null; then
            started=$(date +%s)
        fi
        if (($(date +%s) - started >= limit)); then
            verdict=hang
            describe_hang "$run" "$output" "$top"
            # A server paused when the run hung has no process left to find: its folder is named
            # instead of removed, since another checkout's tests may have made it.
            comm -13 "$logs/folders-before" <(ls -d /tmp/deeplink-postgres-* 2>/dev/null | sort) \
                | sed 's/^/PostgreSQL folder made during the run (remove it once no test uses it): /' >>"$logs/run-$run.hang.txt"
            for pid in $(descendants "$top"); do kill -KILL "$pid" 2>/dev/null || true; done
            break
        fi
        sleep 1
    done
    status=0
    wait "$top" || status=$?
    stop_stray_servers
    seconds=$(($(date +%s) - started))
    total_seconds=$((total_seconds + seconds))
    if [[ $verdict == hang ]]; then
        hung=$((hung + 1))
        echo "run $run: HANG after ${seconds} s; last step: $(grep 'PostgresOutageTests:' "$output" | tr -d '\r' | tail -1 || echo none); see $logs/run-$run.hang.txt"
    elif ((status == 0)) && grep -q 'PostgresOutageTests: store closed' "$output"; then
        passed=$((passed + 1))
        echo "run $run: pass in ${seconds} s"
    else
        failed=$((failed + 1))
        echo "run $run: FAIL (status $status) in ${seconds} s; see $output"
        grep -a '✘' "$output" | tr -d '\r' | head -5 | sed 's/^/    /' || true
    fi
done

echo "== $runs runs: $passed passed, $failed failed, $hung hung; $((total_seconds / runs)) s a run on average; logs in $logs"
((failed == 0 && hung == 0))
