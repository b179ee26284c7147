#!/bin/sh
# One task of Examples/spark/classify.py, run by Spark's RDD.pipe: reads its task from standard input
# (one line), classifies that part of the capture with push-payloads, and writes the records to
# standard output, which become the partition's elements.
#
# The task line has five tab-separated fields: the directory the names are relative to, the input's
# name as records show it, the first byte, the length in bytes (-1: the whole file, such as a .gz,
# which cannot be split) and the number of lines before the first byte.
#
# Environment: PUSH_PAYLOADS (the binary), PUSH_PAYLOADS_ARGS (more options for classify, such as
# --payload /request/body --keep /ts; split on spaces).
set -u
tab=$(printf '\t')
IFS=$tab read -r base name start length offset || exit 0
cd "$base" || exit 74
bin=${PUSH_PAYLOADS:?PUSH_PAYLOADS names the push-payloads binary}
# Spark runs several tasks at once: one thread each.
# shellcheck disable=SC2086
if [ "$length" = -1 ]; then
    "$bin" classify --quiet --jobs 1 ${PUSH_PAYLOADS_ARGS:-} "$name"
else
    # The task's bytes only, read straight from the file: byte for byte, whatever they hold.
    dd if="$name" bs=1M skip="$start" count="$length" iflag=skip_bytes,count_bytes status=none |
        "$bin" classify --quiet --jobs 1 ${PUSH_PAYLOADS_ARGS:-} --source-label "$name" --line-offset "$offset" -
fi
status=$?
# 1: some payloads are error records, which are in the output; the task did its work.
[ "$status" -eq 1 ] && status=0
exit "$status"
