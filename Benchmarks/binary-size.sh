#!/usr/bin/env bash
# What TagHub adds to an app's binary: builds small release executables, strips them and prints
# their sizes, and what each adds over an empty Swift executable.
#
# Usage, from anywhere (Linux):
#     Benchmarks/binary-size.sh              # TagHub as it is in this working tree
#     Benchmarks/binary-size.sh f2618bf      # the same, and TagHub at that commit, side by side
#
# The executables, each a `main.swift` of a few lines, built with `swift build -c release` and
# linked with `--gc-sections` (the linker drops what nothing reaches), then stripped:
#     empty       prints one line
#     swift-log   a swift-log Logger, one `info` line (swift-log 1.16.2, the reference users know)
#     hub         an AnalyticsHub, one MappingStrategy to a tagger that prints, one send
#     hub-vendor  the same with a vendor model: a FirebaseTag strategy that checks its rules
#                 (only where the TagHubVendors product exists)
# The Swift runtime and standard library are linked dynamically, as on Apple platforms, so the
# sizes are the app's code and what it links statically: TagHub, or swift-log.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One probe package per TagHub source tree: `$1` is the tree, `$2` the probe's folder.
probe() {
    local taghub=$1 dir=$2 vendors=no
    if [ -d "$taghub/Sources/TagHubVendors" ]; then vendors=yes; fi
    mkdir -p "$dir/Sources/empty" "$dir/Sources/swift-log" "$dir/Sources/hub" "$dir/Sources/hub-vendor"
    {
        echo '// swift-tools-version:6.0'
        echo 'import PackageDescription'
        echo 'let package = Package('
        echo '    name: "SizeProbe",'
        echo '    dependencies: ['
        echo "        .package(name: \"TagHub\", path: \"$taghub\"),"
        echo '        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),'
        echo '    ],'
        echo '    targets: ['
        echo '        .executableTarget(name: "empty"),'
        echo '        .executableTarget(name: "swift-log", dependencies: [.product(name: "Logging", package: "swift-log")]),'
        echo '        .executableTarget(name: "hub", dependencies: [.product(name: "TagHub", package: "TagHub")]),'
        if [ "$vendors" = yes ]; then
            echo '        .executableTarget(name: "hub-vendor", dependencies: ['
            echo '            .product(name: "TagHub", package: "TagHub"), .product(name: "TagHubVendors", package: "TagHub"),'
            echo '        ]),'
        fi
        echo '    ]'
        echo ')'
    } >"$dir/Package.swift"
    echo 'print("hello")' >"$dir/Sources/empty/main.swift"
    cat >"$dir/Sources/swift-log/main.swift" <<'SWIFT'
import Logging

let logger = Logger(label: "app")
logger.info("hello")
SWIFT
    local schema='
enum App: AnalyticsSchema {
    enum Screen: Sendable, Hashable { case home }
    enum UserAction: Sendable, Hashable { case play(String) }
    typealias Event = Never
    typealias State = Never
}
'
    cat >"$dir/Sources/hub/main.swift" <<SWIFT
import TagHub
$schema
struct PrintTagger: AnalyticsTagger {
    func send(_ tag: String) { print(tag) }
}

let hub = AnalyticsHub<App>()
hub.attach(MappingStrategy(for: App.self, tagger: PrintTagger(), userAction: { action, _ in "\(action)" }))
hub.send(userAction: .play("Swift Talk"))
SWIFT
    if [ "$vendors" = yes ]; then
        cat >"$dir/Sources/hub-vendor/main.swift" <<SWIFT
import TagHub
import TagHubVendors
$schema
struct PrintTagger: AnalyticsTagger {
    func send(_ tag: FirebaseTag) { print(tag) }
}

let hub = AnalyticsHub<App>()
hub.attach(
    MappingStrategy(
        for: App.self,
        tagger: PrintTagger(),
        ruleCheck: .drop,
        userAction: { action, _ in
            switch action {
            case .play(let title): .event("play", ["title": .string(title)])
            }
        }
    )
)
hub.send(userAction: .play("Swift Talk"))
SWIFT
    else
        rmdir "$dir/Sources/hub-vendor"
    fi
}

# Builds the probe in `$1` and prints one line per executable: its stripped size, and what it adds
# over `empty`.
measure() {
    local dir=$1 label=$2
    swift build -c release --package-path "$dir" -Xlinker --gc-sections >"$dir/build.log" 2>&1 \
        || { cat "$dir/build.log" >&2; echo "The probe of $label did not build." >&2; exit 1; }
    local bin
    bin=$(swift build -c release --package-path "$dir" --show-bin-path)
    local empty=
    for exe in empty swift-log hub hub-vendor; do
        [ -f "$bin/$exe" ] || continue
        strip -o "$dir/$exe.stripped" "$bin/$exe"
        local size
        size=$(stat -c %s "$dir/$exe.stripped")
        if [ -z "$empty" ]; then empty=$size; fi
        printf '| %s | %s | %s | %s |\n' "$label" "$exe" "$size" "$((size - empty))"
    done
}

echo '| TagHub | executable | stripped bytes | added over empty |'
echo '|---|---|---:|---:|'
probe "$root" "$work/current"
measure "$work/current" "working tree"
if [ $# -ge 1 ]; then
    mkdir -p "$work/base/TagHub"
    git -C "$root" archive "$1" | tar -x -C "$work/base/TagHub"
    probe "$work/base/TagHub" "$work/base/probe"
    measure "$work/base/probe" "$1"
fi
