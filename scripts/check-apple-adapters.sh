#!/usr/bin/env bash
# Type-checks the router's Apple adapters (Sources/PushRouting/UserNotifications/), which no Linux build
# compiles, against stand-ins with Apple's signatures (Tests/AppleSDKStandIns/): once as SDKs before
# iOS 18 import the completion handlers (not @Sendable), once as the iOS 18 SDK does (@Sendable). Then
# type-checks an app delegate that uses them (Tests/AppleSDKStandIns/AppUsage.swift) against each.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --target PushRouting >/dev/null
modules="$(swift build --show-bin-path)/Modules"
# `package` declarations are shared by modules built with the same package name; SwiftPM's is the
# package's identity, the name of its directory, lower-cased, with what is not a letter, digit or _ as _
# (a checkout in `wt-captures` builds with `-package-name wt_captures`).
package_name=$(basename "$PWD" | tr '[:upper:]' '[:lower:]' | sed 's/[^a-z0-9_]/_/g')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

flags=(-swift-version 6 -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault -warnings-as-errors -package-name "$package_name")
# The engine's C targets (CPushJSONKernels) are modules the Swift modules above reference: hand swiftc
# the module maps SwiftPM generated for them.
while IFS= read -r map; do
    flags+=(-Xcc "-fmodule-map-file=$map")
done < <(find "$(swift build --show-bin-path)" -maxdepth 2 -name module.modulemap | sort)

for variant in non-sendable sendable; do
    out="$work/$variant"
    mkdir -p "$out"
    defines=()
    [ "$variant" = sendable ] && defines=(-D SENDABLE_HANDLERS)
    for standIn in UserNotifications UIKit; do
        swiftc -parse-as-library -emit-module -module-name "$standIn" "${defines[@]}" -swift-version 6 \
            -emit-module-path "$out/$standIn.swiftmodule" "Tests/AppleSDKStandIns/$standIn.swift"
    done
    # The whole router, so that `canImport(UserNotifications)` and `canImport(UIKit)` are true and the
    # adapters compile with the module's internals.
    swiftc -parse-as-library -emit-module -module-name PushRouting "${flags[@]}" -I "$out" -I "$modules" \
        -emit-module-path "$out/PushRouting.swiftmodule" $(find Sources/PushRouting -name '*.swift' | sort)
    swiftc -typecheck "${flags[@]}" -I "$out" -I "$modules" Tests/AppleSDKStandIns/AppUsage.swift
    echo "check-apple-adapters: the adapters and an app's delegate type-check with $variant completion handlers"
done
