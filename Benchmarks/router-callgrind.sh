#!/usr/bin/env bash
# Instructions per router lookup, counted by valgrind's callgrind: unlike times, the counts do
# not move with the machine's load. Counts only the lookups (the `lookUp` function), after a
# warm-up pass, for this router, RoutingKit's TrieRouter and the linear scan, at each table size;
# then the instructions of one load and build of the 10,000-route config.
#
#   Benchmarks/router-callgrind.sh              # N = 2000 lookups per contender and size
#   LOOKUPS=500 Benchmarks/router-callgrind.sh
set -euo pipefail

cd "$(dirname "$0")"
lookups=${LOOKUPS:-2000}
# The linear scan costs a thousand times more per lookup at 10,000 routes; fewer lookups keep
# the run short and the count per lookup the same.
linear_lookups=${LINEAR_LOOKUPS:-200}
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }

swift build -c release --product router-benchmarks >&2
binary=.build/release/router-benchmarks
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Prints the instructions callgrind counted inside functions matching $1 while running the rest.
instructions() {
    local pattern=$1
    shift
    valgrind --tool=callgrind --dump-instr=no --collect-atstart=no --toggle-collect="$pattern" \
        --callgrind-out-file="$out/callgrind.out" "$binary" "$@" >&2 2>"$out/valgrind.log" \
        || { cat "$out/valgrind.log" >&2; exit 1; }
    awk '/^(summary|totals):/ { print $2; exit }' "$out/callgrind.out"
}

per_lookup() {
    local count=$1 size=$2 contender=$3
    echo $(( $(instructions '*lookUp*' callgrind-lookup "$count" "$size" "$contender") / count ))
}

printf '%-7s | %-12s | %-12s | %-12s | %-15s | %s\n' routes DeepLinkCore TrieRouter "linear scan" "TrieRouter/ours" "linear/ours"
declare -A ours_by_size
for size in 10 1000 10000; do
    ours=$(per_lookup "$lookups" "$size" ours)
    trie=$(per_lookup "$lookups" "$size" trie)
    linear=$(per_lookup "$linear_lookups" "$size" linear)
    ours_by_size[$size]=$ours
    printf '%-7s | %-12s | %-12s | %-12s | %-15s | %s\n' "$size" "$ours" "$trie" "$linear" \
        "$(awk -v a="$trie" -v b="$ours" 'BEGIN { printf "%.2fx", a / b }')" \
        "$(awk -v a="$linear" -v b="$ours" 'BEGIN { printf "%.1fx", a / b }')"
done
echo "(instructions per lookup: $lookups lookups from a pool of 10,000 URL values in seeded random order, after 100 to warm up; linear scan: $linear_lookups)"
awk -v a="${ours_by_size[10000]}" -v b="${ours_by_size[10]}" \
    'BEGIN { printf "Flatness in instructions: a lookup at 10,000 routes takes %.2fx one at 10 routes\n", a / b }'
load=$(instructions '*loadRouter*' callgrind-load)
awk -v n="$load" 'BEGIN { printf "Config load + build, 10,000 routes: %.1f M instructions\n", n / 1e6 }'
