#!/usr/bin/env bash
# Instructions per tag on the send path, counted by valgrind's callgrind: the table of
# Docs/Performance.md.
#
# Usage, from anywhere (Linux, valgrind installed):
#     Benchmarks/instruction-counts.sh                       # every scenario
#     Benchmarks/instruction-counts.sh mapping1 background   # only those
#     SENDS=50000 Benchmarks/instruction-counts.sh           # another number of sends
#
# It builds the SendInstructions program (Benchmarks/InstructionCounts/SendInstructions; not under
# Benchmarks/Benchmarks/, where the benchmark plugin would run it as a benchmark) in release, then
# runs each scenario under callgrind twice: with no sends and with $SENDS sends (200,000 by
# default). Both runs build the same hub and strategies, so their difference is the sends alone
# (for `background`, also the worker's delivery: the program flushes before it exits). The result,
# (I(SENDS) - I(0)) / SENDS rounded, is printed as a Markdown table on stdout; the raw totals go
# to stderr.
#
# Callgrind counts every thread's instructions, and is exact for one thread. In `background`, the
# worker delivers while the sender sends, and each tag still queued when the flush starts waiting
# costs more to deliver (the worker checks the waiting flushes after each one): with valgrind's
# default thread scheduling, how many are left varies from run to run, and the figure by about 10%.
# `--fair-sched=yes` (threads take turns in a fixed order) makes it repeat to a few instructions.
#
# Scenarios (setups as in Benchmarks/Benchmarks/SendBenchmarks/SendBenchmarks.swift):
#     none              send(userAction:) with no strategy
#     others16          send(userAction:) with 16 strategies that do not take it
#     mapping1          send(userAction:) to 1 mapping strategy, history bound 5
#     history1000       send(userAction:) to 1 mapping strategy, history bound 1,000
#     mapping4          send(userAction:) to 4 mapping strategies
#     mapping16         send(userAction:) to 16 mapping strategies
#     event1            send(event:) to 1 strategy
#     screen1           send(screen:) to 1 strategy
#     background        Background: send(userAction:), caller and worker
#     consentUndecided  Consent undecided, send(userAction:) into a full buffer of 1,000
#     storedClock       mapping1 with a clock that reads a stored date, not the system's
#     states0           send(userAction:) to 1 mapping strategy, a schema with state keys, no state kept
#     states100         send(userAction:) to 1 mapping strategy, 100 states kept
#     stateChange       send(state:) that changes 1 of 100 states, to 1 strategy
#     trackerNoChange   ScreenTracker: a second appearance of the current presentation (nothing sent)
#     trackerNoChangeErased  the same through AnyScreenTracker (the SwiftUI modifier's path)
#     trackerPush       ScreenTracker: a push as one transition (appear + disappear), to 1 screen strategy
set -euo pipefail

all_scenarios=(none others16 mapping1 history1000 mapping4 mapping16 event1 screen1 background consentUndecided storedClock states0 states100 stateChange trackerNoChange trackerNoChangeErased trackerPush)
sends="${SENDS:-200000}"

cd "$(dirname "$0")/.."

if [[ $# -gt 0 ]]; then
    scenarios=("$@")
    for scenario in "${scenarios[@]}"; do
        if [[ " ${all_scenarios[*]} " != *" $scenario "* ]]; then
            echo "unknown scenario '$scenario'; known: ${all_scenarios[*]}" >&2
            exit 2
        fi
    done
else
    scenarios=("${all_scenarios[@]}")
fi

# SwiftPM keeps the list of a path dependency's files in the benchmark package's build folder, and
# does not see that TagHub gained or lost a file: the build then fails, or links stale code. The
# list of TagHub's files is kept beside it, and where it changed, the cached plan is dropped.
build_dir=Benchmarks/.build/release
sources_list=Benchmarks/.build/taghub-sources.txt
current_sources="$(find Sources -type f | LC_ALL=C sort)"
if [[ ! -f "$sources_list" || "$(cat "$sources_list")" != "$current_sources" ]]; then
    echo "TagHub's files may have changed since the last build: dropping the benchmark package's cached plan" >&2
    rm -rf "$build_dir/TagHub.build" "$build_dir/description.json"
fi

swift build -c release --package-path Benchmarks --product SendInstructions >&2
mkdir -p Benchmarks/.build && printf '%s\n' "$current_sources" >"$sources_list"
program="$(swift build -c release --package-path Benchmarks --show-bin-path)/SendInstructions"

# The total instructions of one run, from callgrind's "==PID== Collected : N" line on stderr.
instructions() {
    local output
    output="$(valgrind --tool=callgrind --fair-sched=yes --callgrind-out-file=/dev/null "$program" "$1" "$2" 2>&1 >/dev/null)"
    sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' <<<"$output"
}

# 1234567 -> 1,234,567
group_digits() {
    sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta' <<<"$1"
}

echo "| scenario | instructions per tag |"
echo "|---|---:|"
for scenario in "${scenarios[@]}"; do
    without="$(instructions "$scenario" 0)"
    with="$(instructions "$scenario" "$sends")"
    if [[ -z "$without" || -z "$with" ]]; then
        echo "$scenario: no 'Collected' line in callgrind's output" >&2
        exit 1
    fi
    echo "$scenario: $without instructions with no sends, $with with $sends" >&2
    per_tag="$(awk -v a="$with" -v b="$without" -v n="$sends" 'BEGIN { printf "%.0f", (a - b) / n }')"
    echo "| $scenario | $(group_digits "$per_tag") |"
done
