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
#
# Then, for the `hub` executable of this working tree, what the linker kept of TagHub: the bytes of
# the sections it kept from each of TagHub's folders (from the linker's map; unwind tables and
# relocations, which the linker builds for the whole executable, are not in them), and the largest
# symbols (`nm --size-sort`). `TOP=40` shows more symbols.
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

# What the linker kept of TagHub in the `hub` executable of the probe in `$1`, by folder of
# Sources/TagHub, then its largest symbols.
kept() {
    local dir=$1
    swift build -c release --package-path "$dir" --product hub -Xlinker --gc-sections \
        -Xlinker -Map="$dir/hub.map" >>"$dir/build.log" 2>&1
    local folders="$dir/folders.txt"
    (cd "$root/Sources/TagHub" && find . -name '*.swift' | sed 's|^\./||') \
        | awk -F/ '{ file = $NF; sub(/\.swift$/, ".swift.o", file); folder = NF > 1 ? $1 : "."; print file, folder }' >"$folders"
    echo
    echo '| folder of Sources/TagHub | bytes kept | bytes dropped |'
    echo '|---|---:|---:|'
    # gold's map: the discarded sections first, then the memory map; an input section is
    # " name address size file", or its name alone on a line and the rest on the next.
    awk -v folders="$folders" '
        function hex(text,   i, v) {
            v = 0; text = tolower(substr(text, 3))
            for (i = 1; i <= length(text); i++) v = v * 16 + index("0123456789abcdef", substr(text, i, 1)) - 1
            return v
        }
        BEGIN { while ((getline line < folders) > 0) { split(line, f, " "); folder[f[1]] = f[2] } }
        /^Memory map/ { kept = 1 }
        /^ [^ ]+$/ { name = $1; next }
        /^ [^ ]+ +0x[0-9a-f]+ +0x[0-9a-f]+ / { name = $1; size = $3; file = $4 }
        /^ +0x[0-9a-f]+ +0x[0-9a-f]+ / && name != "" { size = $2; file = $3 }
        file ~ /TagHub\.build\// && name !~ /^\.(debug|bss|note|swift1_autolink)/ {
            n = split(file, parts, "/"); o = parts[n]
            if (o in folder) { bytes = hex(size); if (kept) k[folder[o]] += bytes; else d[folder[o]] += bytes }
            file = ""; name = ""
        }
        END { for (g in k) printf "| %s | %d | %d |\n", g, k[g], d[g] }
    ' "$dir/hub.map" | sort -t'|' -k3 -nr
    local bin
    bin=$(swift build -c release --package-path "$dir" --show-bin-path)
    echo
    echo "The largest symbols of TagHub kept in \`hub\` (\`nm --size-sort\`), bytes:"
    echo
    echo '```text'
    nm --size-sort --radix=d -S "$bin/hub" | awk '$4 ~ /^\$s6TagHub/' | tail -n "${TOP:-20}" \
        | swift demangle --simplified | awk '{ size = $2 + 0; $1 = $2 = $3 = ""; sub(/^ +/, ""); printf "%6d %s\n", size, substr($0, 1, 110) }' \
        | sort -nr
    echo '```'
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
kept "$work/current"
