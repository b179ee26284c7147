#!/usr/bin/env bash
# Proves that a program importing only the core, the send-request checks and the classify path (`import PushPayloads`,
# `import PushRequests`, `import PushRecords`) links no Foundation: builds Tests/LinkageTest, which uses them, runs it, and
# lists its shared libraries, as swift-http-types' LinkageTest does.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product LinkageTest >/dev/null
binary="$(swift build --show-bin-path)/LinkageTest"
"$binary" >/dev/null
if ldd "$binary" | grep -i -E "foundation|icu"; then
    echo "check-linkage: a program that imports only PushPayloads, PushRequests and PushRecords links the libraries above" >&2
    exit 1
fi
echo "check-linkage: a program that imports only PushPayloads, PushRequests and PushRecords links no Foundation"
