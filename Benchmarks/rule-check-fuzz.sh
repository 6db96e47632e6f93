#!/usr/bin/env bash
# Random tags of every vendor model, each rule check (`ruleViolations`) timed: the slowest check,
# and the shape of the tag it checked.
#
# Usage, from anywhere:
#     Benchmarks/rule-check-fuzz.sh                            # 100,000 tags per vendor, the fixed seed
#     Benchmarks/rule-check-fuzz.sh --count 2000               # another number of tags per vendor
#     Benchmarks/rule-check-fuzz.sh --seed 42                  # another seed (decimal, or hex: 0x2A)
#     Benchmarks/rule-check-fuzz.sh --vendor piano             # one vendor: firebase, mixpanel,
#                                                              # amplitude, segment, batch or piano
#     Benchmarks/rule-check-fuzz.sh --vendor piano --tag 123   # tag #123 of the seed in full, checked
#     TAGHUB_FUZZ_COUNT=2000 TAGHUB_FUZZ_SEED=42 Benchmarks/rule-check-fuzz.sh   # the same, from the environment
#     TAGHUB_FUZZ_QUIET=1 Benchmarks/rule-check-fuzz.sh --vendor piano --tag 123  # checked, not printed (as under
#                                                              # callgrind: shared arrays can describe billions of values)
# The arguments go to the program as they are; they win over the environment.
#
# It builds the RuleCheckFuzz program (Benchmarks/Fuzz/RuleCheckFuzz; not under
# Benchmarks/Benchmarks/, where the benchmark plugin would run it as a benchmark) in release and
# runs it. For each vendor it makes random tags of every case (names and keys of ASCII, Latin-1,
# combining marks, bidi, zero-width and control scalars, CJK, emoji and astral scalars; 0 to 40
# keys, one time in 1,000 a few hundred or over a thousand; strings of 0 to 400 scalars, rarely
# 10 KB; ints, doubles with NaN, infinities, huge and tiny ones, Booleans, nulls, arrays nested
# up to 4 levels; one time in 2,000, a tag built to be slow to check: keys sharing one array of
# texts of thousands of characters, or thousands of keys sharing a prefix of kilobytes), checks
# each once as it is made, and prints:
#     the number of tags, the time making them, the checks' total, median, 99th percentile and slowest;
#     the slowest tag: the 50 slowest checks' tags are made again and checked again, each one's
#         time is the lesser of its two (a pause of the machine during a check makes one slow,
#         not both); the slowest by that time, its two times and its shape;
#     the violations found, `ruleViolations(across:)` over all the vendor's tags, timed, and which
#         of the vendor's rules (VendorLimits.consequences) no tag broke.
# Tag N of a vendor depends only on the seed, the vendor and N: `--vendor V --tag N` makes it
# again alone. The build's output goes to stderr, the report to stdout.
#
# Exit status: 0 whatever the times (the machine is shared and noisy: the program reports, it does
# not judge); 1 where a finding shows raw a scalar that the checks escape (a control, bidirectional,
# zero-width or other invisible one: Benchmarks/Fuzz/RuleCheckFuzz/Escaping.swift), after a line
# that names the vendor, the tag and the finding; 2 for arguments it does not understand. When a
# check crashes, the crash's status, after a line on stderr that names the tag and the command that
# checks it alone.
set -euo pipefail

cd "$(dirname "$0")/.."

# SwiftPM keeps the list of a path dependency's files in the benchmark package's build folder, and
# does not see that TagHub gained or lost a file: the build then fails, or links stale code. The
# list of TagHub's files at this script's last build is kept beside it (as instruction-counts.sh
# keeps its own), and where it changed, the cached plan is dropped.
build_dir=Benchmarks/.build/release
sources_list=Benchmarks/.build/taghub-sources-rule-check-fuzz.txt
current_sources="$(find Sources -type f | LC_ALL=C sort)"
if [[ ! -f "$sources_list" || "$(cat "$sources_list")" != "$current_sources" ]]; then
    echo "TagHub's files may have changed since the last build: dropping the benchmark package's cached plan" >&2
    rm -rf "$build_dir/TagHub.build" "$build_dir/TagHubVendors.build" "$build_dir/description.json"
fi

swift build -c release --package-path Benchmarks --product RuleCheckFuzz >&2
mkdir -p Benchmarks/.build && printf '%s\n' "$current_sources" >"$sources_list"
program="$(swift build -c release --package-path Benchmarks --show-bin-path)/RuleCheckFuzz"

exec "$program" "$@"
