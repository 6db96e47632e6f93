#!/usr/bin/env bash
# The ratio of a send's cost to swift-log's `Logger.info` to a handler that does nothing, measured
# the stable way: each scenario in a process of its own, in rounds that alternate TagHub's sends
# and swift-log's log lines, so that a slow stretch of the machine (or a process that happens to
# run slow) weighs on both sides of a ratio alike; and timed by the sending thread's processor
# time, not the wall clock, which on a shared machine mostly counts the waits for a core. Each
# round's ratio is its scenario's time per send over swift-log's in the same round; the table gives
# the median over the rounds, and the range.
#
# Usage, from anywhere:
#     Benchmarks/ratio.sh                          # 9 rounds of 5,000,000 sends per scenario
#     ROUNDS=3 COUNT=1000000 Benchmarks/ratio.sh   # a quicker, rougher run
#     Benchmarks/ratio.sh mapping1                 # only some scenarios
#
# Scenarios (Benchmarks/Ratio/SendRatio/main.swift):
#     mapping1          send(userAction:) to one mapping strategy
#     background        the caller's cost of send(userAction:) to a BackgroundStrategy (each batch
#                       of 1,000 flushed, untimed)
#     consentUndecided  send(userAction:) into an undecided consent gate's full buffer of 1,000
set -euo pipefail
rounds="${ROUNDS:-9}"
count="${COUNT:-5000000}"
all=(mapping1 background consentUndecided)
if [[ $# -gt 0 ]]; then scenarios=("$@"); else scenarios=("${all[@]}"); fi

cd "$(dirname "$0")/.."
swift build -c release --package-path Benchmarks --product SendRatio >&2
program="$(swift build -c release --package-path Benchmarks --show-bin-path)/SendRatio"

results=$(mktemp)
trap 'rm -f "$results"' EXIT
for ((round = 1; round <= rounds; round++)); do
    # swift-log first in odd rounds, last in even ones: neither side always runs after the other.
    order=(swift-log "${scenarios[@]}")
    if ((round % 2 == 0)); then order=("${scenarios[@]}" swift-log); fi
    for scenario in "${order[@]}"; do
        ns=$("$program" "$scenario" "$count" | cut -d' ' -f1)
        echo "round $round: $scenario $ns ns" >&2
        echo "$round $scenario $ns" >>"$results"
    done
done

echo "| scenario | ratio to swift-log, median | range | ns per send, median | swift-log, ns, median |"
echo "|---|---:|---:|---:|---:|"
for scenario in "${scenarios[@]}"; do
    awk -v s="$scenario" '
        $2 == "swift-log" { log_ns[$1] = $3 }
        $2 == s { ns[$1] = $3 }
        function median(a, n,   i, j, t) {
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
            return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
        }
        END {
            n = 0
            for (r in ns) { n++; ratio[n] = ns[r] / log_ns[r]; t[n] = ns[r]; l[n] = log_ns[r] }
            m = median(ratio, n)
            printf "| %s | %.2f× | %.2f× to %.2f× | %.0f | %.0f |\n", s, m, ratio[1], ratio[n], median(t, n), median(l, n)
        }' "$results"
done
echo
echo "$rounds rounds of $count sends per scenario, $(date -u +%Y-%m-%d), $(nproc) cores."
