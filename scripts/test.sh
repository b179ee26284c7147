#!/usr/bin/env bash
# Runs the whole test suite, jansson differential tests and zstd input included, after the project's
# checks. Installs what the tests need when it is missing (with apt-get): libjansson-dev (the reference
# engine), libzstd-dev (the command's zstd input, trait Zstd), zlib1g-dev, gzip and zstd (the command's
# compressed input; a minimal machine may lack them), and a German locale (the locale-independence tests set LC_NUMERIC to a decimal-comma locale); and, with
# pip, python-jsonschema (the oracle the schema tests validate the library's and the command's JSON with) and
# pyarrow (the oracle the Arrow output tests read `classify --format arrow` with).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
apt_updated=0
apt_install() {
    if [ "$apt_updated" = 0 ]; then $sudo apt-get update -qq; apt_updated=1; fi
    $sudo apt-get install -y -qq "$@" >/dev/null
}

if [ ! -f /usr/include/jansson.h ]; then
    echo "test.sh: installing libjansson-dev (needed by the jansson engine tests)" >&2
    apt_install libjansson-dev
fi
for need in zstd.h:libzstd-dev zlib.h:zlib1g-dev; do
    if [ ! -f "/usr/include/${need%%:*}" ]; then
        echo "test.sh: installing ${need#*:} (needed by the command's compressed input)" >&2
        apt_install "${need#*:}"
    fi
done
for tool in gzip zstd; do
    if ! command -v "$tool" >/dev/null; then
        echo "test.sh: installing $tool (the compressed input tests make their files with it)" >&2
        apt_install "$tool"
    fi
done
if ! locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
    echo "test.sh: generating the de_DE.UTF-8 locale (needed by the locale-independence tests)" >&2
    command -v localedef >/dev/null && [ -d /usr/share/i18n/locales ] || apt_install locales
    $sudo localedef -i de_DE -f UTF-8 de_DE.UTF-8
fi

if ! python3 -c "import jsonschema" 2>/dev/null; then
    echo "test.sh: installing python-jsonschema (the oracle for the JSON schema tests)" >&2
    python3 -m pip install --quiet jsonschema || python3 -m pip install --quiet --break-system-packages jsonschema
fi
if ! python3 -c "import pyarrow" 2>/dev/null; then
    echo "test.sh: installing pyarrow (the oracle for the Arrow output tests)" >&2
    python3 -m pip install --quiet pyarrow || python3 -m pip install --quiet --break-system-packages pyarrow
fi

scripts/check.sh

# Warnings are errors in our own code (not in dependencies, whose warnings are theirs to fix). A clean
# build, as in CI, shows every warning; an incremental one shows those of the files it compiles.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift build --build-tests --traits Jansson,Zstd "$@" >"$log" 2>&1; then
    cat "$log"
    exit 1
fi
tail -n 1 "$log"
if grep -E "^$PWD/(Sources|Tests)/.*(warning|error):" "$log"; then
    echo "test.sh: the build reports the warnings or errors above in the package's own code" >&2
    exit 1
fi

# The DocC catalogs against the modules just built: no broken or ambiguous link, no undocumented parameter.
scripts/check-docs.sh --traits Jansson,Zstd "$@"

swift test --traits Jansson,Zstd "$@"
