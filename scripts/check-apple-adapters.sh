#!/usr/bin/env bash
# Type-checks the router's Apple adapters (Sources/PushRouting/UserNotifications/), which no Linux build
# compiles, against stand-ins shaped as Apple's SDK declares them (Tests/AppleSDKStandIns/, MIRRORS.md):
# once as SDKs before iOS 18 import the completion handlers (not @Sendable), once as the iOS 18 SDK does
# (@Sendable). Against each, with warnings as errors, it then type-checks
#   - the delegate patterns of Tests/AppleSDKStandIns/AppUsage.swift;
#   - Examples/MultiVendorApp (app delegate, notification delegate, service extension, one delegate per
#     vendor over stand-ins of the vendor SDK calls in Examples/MultiVendorApp/VendorSDKStandIns);
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

    # The vendor SDKs are Swift 5 or Objective-C modules, as their stand-ins are compiled.
    for vendor in Examples/MultiVendorApp/VendorSDKStandIns/*.swift; do
        name=$(basename "$vendor" .swift)
        swiftc -parse-as-library -emit-module -module-name "$name" "${defines[@]}" -swift-version 5 -I "$out" \
            -emit-module-path "$out/$name.swiftmodule" "$vendor"
    done
    swiftc -typecheck -parse-as-library "${flags[@]}" -I "$out" -I "$modules" \
        $(find Examples/MultiVendorApp -name '*.swift' -not -path '*/VendorSDKStandIns/*' | sort)

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
        imports.update(line for line in lines if line.startswith("import "))
        body = [line for line in lines if not line.startswith("import ")]
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
    swiftc -typecheck -parse-as-library "${flags[@]}" -I "$out" -I "$modules" \
        "$docc"/*.swift Tests/AppleSDKStandIns/DocCContext.swift
    echo "check-apple-adapters: the adapters, an app's delegates, Examples/MultiVendorApp and the DocC code" \
        "type-check with $variant completion handlers"
done
