#!/usr/bin/env bash
# Runs the whole test suite, jansson differential tests included.
# Installs libjansson-dev (the reference engine) with apt-get when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f /usr/include/jansson.h ]; then
    echo "test.sh: installing libjansson-dev (needed by the jansson engine tests)" >&2
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq libjansson-dev >/dev/null
fi

swift test --traits Jansson "$@"
