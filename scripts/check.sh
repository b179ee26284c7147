#!/usr/bin/env bash
# The checks CI runs besides the tests: formatting, availability, linkage, and the Apple adapters.
# Warnings are checked by scripts/test.sh, which builds everything anyway.
set -euo pipefail
cd "$(dirname "$0")/.."

swift format lint --strict -r Package.swift Sources Tests Benchmarks/Sources Benchmarks/Benchmarks Fuzz/Sources
echo "check: swift format lint --strict reports nothing"

# The package declares macOS 13 / iOS 16; these APIs need macOS 15 / iOS 18, so using them breaks the build
# there (the command once did, with Synchronization's Atomic). Linux builds can't catch it, so this does.
if grep -rn -E "import Synchronization|\bAtomic<|\bMutex<|Atomic\(|Mutex\(" Sources; then
    echo "check: the lines above use APIs newer than the declared platforms (macOS 13, iOS 16)" >&2
    exit 1
fi
echo "check: no API newer than the declared platforms"

scripts/check-linkage.sh
scripts/check-apple-adapters.sh
