#!/usr/bin/env bash
# Type-checks the router's Apple adapters (Sources/PushRouting/UserNotifications/), which no Linux build
# compiles, against stand-ins shaped as Apple's SDK declares them (Tests/AppleSDKStandIns/, MIRRORS.md), once as
# the iOS 17 SDK declares the completion handlers (none @Sendable) and once as the iOS 18 SDK does (-D IOS18_SDK:
# the notification centre delegate's @Sendable, the extension's content handler and the fetch handler not). Against
# each, with warnings as errors, it then type-checks
#   - the delegate patterns of Tests/AppleSDKStandIns/AppUsage.swift;
#   - Examples/MultiVendorApp as Xcode builds it: the app target (App/, Shared/) with the vendors' app SDKs, and the
#     notification service extension target (NotificationService/, Shared/), which sees only the vendors' extension
#     products, over stand-ins of the vendors' modules (Examples/MultiVendorApp/VendorSDKStandIns, split as shipped);
#   - every ```swift block of Sources/PushRouting/Docs.docc, extracted (one file per article, all in one
#     module; blocks that are statements are wrapped in a function), with the app's names the articles assume declared
#     in Tests/AppleSDKStandIns/DocCContext.swift.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --target PushRoutingTesting >/dev/null
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

vendors=Examples/MultiVendorApp/VendorSDKStandIns
# Each vendor module, its file and the modules it imports, in build order. The app SDKs are linked by the app target
# only; the extension products by the extension (and, for Atomic's one framework and Swrve's common module, the app).
vendor_modules=(
    "SwrveSDKCommon ExtensionProducts/SwrveSDKCommon.swift"
    "CordialAppExtensions ExtensionProducts/CordialAppExtensions.swift"
    "ExponeaSDK_Notifications ExtensionProducts/ExponeaSDK_Notifications.swift"
    "AtomicSDK ExtensionProducts/AtomicSDK.swift"
    "CordialSDK AppSDKs/CordialSDK.swift"
    "ExponeaSDK AppSDKs/ExponeaSDK.swift"
    "SwrveSDK AppSDKs/SwrveSDK.swift SwrveSDKCommon"
)
app_links=(CordialSDK ExponeaSDK SwrveSDK SwrveSDKCommon AtomicSDK)
extension_links=(CordialAppExtensions ExponeaSDK_Notifications SwrveSDKCommon AtomicSDK)

for variant in ios17-sdk ios18-sdk; do
    out="$work/$variant"
    mkdir -p "$out"
    defines=()
    [ "$variant" = ios18-sdk ] && defines=(-D IOS18_SDK)
    for standIn in UserNotifications UIKit; do
        swiftc -parse-as-library -emit-module -module-name "$standIn" "${defines[@]}" -swift-version 6 \
            -emit-module-path "$out/$standIn.swiftmodule" "Tests/AppleSDKStandIns/$standIn.swift"
    done
    # The whole router, so that `canImport(UserNotifications)` and `canImport(UIKit)` are true and the
    # adapters compile with the module's internals.
    swiftc -parse-as-library -emit-module -module-name PushRouting "${flags[@]}" -I "$out" -I "$modules" \
        -emit-module-path "$out/PushRouting.swiftmodule" $(find Sources/PushRouting -name '*.swift' | sort)
    swiftc -typecheck "${flags[@]}" "${defines[@]}" -I "$out" -I "$modules" Tests/AppleSDKStandIns/AppUsage.swift

    # The vendor SDKs are Swift 5 or Objective-C modules, as their stand-ins are compiled; each in a directory of its
    # own, so that a target sees only the modules it links.
    for entry in "${vendor_modules[@]}"; do
        read -r name file dependencies <<<"$entry"
        includes=(-I "$out")
        for dependency in $dependencies; do includes+=(-I "$out/vendors/$dependency"); done
        mkdir -p "$out/vendors/$name"
        swiftc -parse-as-library -emit-module -module-name "$name" "${defines[@]}" -swift-version 5 "${includes[@]}" \
            -emit-module-path "$out/vendors/$name/$name.swiftmodule" "$vendors/$file"
    done
    app_includes=()
    for name in "${app_links[@]}"; do app_includes+=(-I "$out/vendors/$name"); done
    extension_includes=()
    for name in "${extension_links[@]}"; do extension_includes+=(-I "$out/vendors/$name"); done
    swiftc -typecheck -parse-as-library -module-name MultiVendorApp "${flags[@]}" -I "$out" -I "$modules" \
        "${app_includes[@]}" $(find Examples/MultiVendorApp/App Examples/MultiVendorApp/Shared -name '*.swift' | sort)
    swiftc -typecheck -parse-as-library -module-name NotificationService "${flags[@]}" -I "$out" -I "$modules" \
        "${extension_includes[@]}" \
        $(find Examples/MultiVendorApp/NotificationService Examples/MultiVendorApp/Shared -name '*.swift' | sort)

    docc="$work/docc-$variant"
    mkdir -p "$docc"
    python3 - "$docc" Sources/PushRouting/Docs.docc/*.md <<'PY'
import re, sys
out, articles = sys.argv[1], sys.argv[2:]
for article in articles:
    text = open(article).read()
    blocks = re.findall(r"^```swift\n(.*?)^```", text, re.S | re.M)
    imports, declarations = set(), []
    for index, block in enumerate(blocks):
        lines = block.splitlines()
        is_import = lambda line: re.match(r"(@preconcurrency )?import ", line)
        imports.update(line for line in lines if is_import(line))
        body = [line for line in lines if not is_import(line)]
        first = next((line for line in body if line.strip() and not line.lstrip().startswith("//")), "")
        if re.match(r"(@|struct |final class |class |enum |extension |func |actor |protocol )", first):
            declarations.append("\n".join(body))
        else:
            # A fragment of statements: a function body, with the article's names in scope.
            declarations.append(f"func docBlock{index}() async throws {{\n" + "\n".join(body) + "\n}")
    name = re.sub(r"\W", "", article.rsplit("/", 1)[-1].removesuffix(".md"))
    with open(f"{out}/{name}.swift", "w") as file:
        file.write("\n".join(sorted(imports)) + "\n\n" + "\n\n".join(declarations) + "\n")
PY
    # One module, as the articles share their names (`Push`, the vendor delegates).
    swiftc -typecheck -parse-as-library "${flags[@]}" -I "$out" -I "$modules" "${app_includes[@]}" \
        "${extension_includes[@]}" "$docc"/*.swift Tests/AppleSDKStandIns/DocCContext.swift
    echo "check-apple-adapters: the adapters, an app's delegates, Examples/MultiVendorApp's app and extension" \
        "targets and the DocC code type-check against the $variant stand-ins"
done
