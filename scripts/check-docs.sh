#!/usr/bin/env bash
# Builds every DocC catalog (Sources/<Module>/Docs.docc) against its module's public symbols, with
# warnings as errors: a link to a symbol that was renamed or moved, an ambiguous link, an undocumented
# parameter in a curated page all fail here instead of shipping as a broken page.
#
# It reads the modules the build already made (run it after `swift build`; scripts/test.sh does), so it
# costs a symbol-graph extraction and a docc run per catalog (a few seconds each), not a second build.
# Usage: scripts/check-docs.sh [BUILD-ARGS…]   (the arguments `swift build` was given, such as --traits)
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(swift build --show-bin-path "$@")
triple=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The C modules the Swift modules import, by the module maps the build wrote.
clang_args=()
for map in "$bin"/*.build/module.modulemap; do
    [ -f "$map" ] && clang_args+=(-Xcc "-fmodule-map-file=$map")
done

failed=0
for catalog in Sources/*/Docs.docc; do
    module=$(basename "$(dirname "$catalog")")
    graphs="$work/$module-graphs"
    mkdir -p "$graphs"
    swift symbolgraph-extract -module-name "$module" -I "$bin/Modules" "${clang_args[@]}" -target "$triple" \
        -output-dir "$graphs" -minimum-access-level public -emit-extension-block-symbols
    log="$work/$module.log"
    if ! docc convert "$catalog" --additional-symbol-graph-dir "$graphs" --output-dir "$work/$module.doccarchive" \
        --fallback-display-name "$module" --fallback-bundle-identifier "$module" --warnings-as-errors >"$log" 2>&1 \
        || grep -q "warning:" "$log"; then
        echo "check-docs: $catalog has warnings or errors:" >&2
        grep -E "(warning|error):" "$log" >&2 || cat "$log" >&2
        failed=1
    fi
done
if [ "$failed" -ne 0 ]; then exit 1; fi
echo "check-docs: every DocC catalog builds without a warning ($(ls -d Sources/*/Docs.docc | wc -l) catalogs)"
