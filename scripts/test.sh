#!/usr/bin/env bash
# Runs the whole test suite, jansson differential tests and zstd input included.
# Installs libjansson-dev (the reference engine) and libzstd-dev (the command's zstd input, trait Zstd)
# with apt-get when they are missing, and gzip, zstd and zlib1g-dev if a minimal machine lacks them.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[ -f /usr/include/jansson.h ] || missing+=(libjansson-dev)
[ -f /usr/include/zstd.h ] || missing+=(libzstd-dev)
[ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)
command -v gzip >/dev/null || missing+=(gzip)
command -v zstd >/dev/null || missing+=(zstd)
if [ ${#missing[@]} -gt 0 ]; then
    echo "test.sh: installing ${missing[*]} (needed by the tests)" >&2
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

swift test --traits Jansson,Zstd "$@"
