"""The inputs of a read, listed as `push-payloads classify` lists them, and cut into line-aligned parts.

Listing (the command's `InputList`): a directory stands for every `.json`, `.jsonl`, `.json.gz`, `.jsonl.gz`,
`.json.zst` and `.jsonl.zst` file below it, in the byte order of their paths; links to files are followed,
links to directories are not; a file named on its own is read whatever its name. Names are shown as given:
the argument, then `/` and the path inside a directory.

Cutting: a large uncompressed JSON Lines file becomes byte ranges, each owning the lines that start in it,
which the command reads itself (`classify --byte-range`), numbering them as in the whole file: it counts the
lines before its range, or, for a file cut into many ranges, the driver counts them once and says how many
(`--line-offset`). Compressed files and `.json` documents are read whole.
"""

import os
import stat
from dataclasses import dataclass

SUFFIXES = tuple(base + compression for compression in ("", ".gz", ".zst") for base in (".json", ".jsonl"))
SINGLE_DOCUMENT_SUFFIXES = (".json", ".json.gz", ".json.zst")

# The first bytes the command reads as something other than text (InputFormat): gzip, zstd (and its skippable
# frames), xz, bzip2, lz4, zip. Such a file is handed to the command whole, which decompresses it or says why not.
_MAGICS = (
    [bytes([low, 0x2A, 0x4D, 0x18]) for low in range(0x50, 0x60)]
    + [b"\x1f\x8b", b"\x28\xb5\x2f\xfd", b"\xfd7zXZ\x00", b"BZh", b"\x04\x22\x4d\x18", b"PK\x03\x04"]
)


class InputListingError(OSError):
    """An argument or a file in a directory that cannot be read, as the command would report it."""


@dataclass(frozen=True)
class Input:
    """One input: `name` as records show it, `path` where it is read (`name` relative to the listing's directory)."""

    name: str
    path: str
    size: int


@dataclass(frozen=True)
class Part:
    """What one task reads: whole inputs (`length` None), or the lines of one that start in its `length`
    bytes from `start` (`classify --byte-range`), after `lines_before` lines when the driver counted them (None:
    the command counts them). `files` holds (name, path) pairs, in input order."""

    files: tuple
    start: int = 0
    length: int = None
    lines_before: int = None

    @property
    def is_whole(self):
        return self.length is None


# Small whole inputs share a task, up to this many (a command line of that many names stays short).
MAXIMUM_FILES_PER_PART = 256
# A file cut into at most this many ranges has each task count the lines before its range (`classify
# --byte-range` reads the file's start for that): together (count - 1) / 2 passes over the file, spread over the
# tasks and off the driver's critical path. A file cut into more has the driver count once, in one pass.
TASK_COUNTED_RANGES = 8
# What a compressed file's text is counted as, against split_bytes, when packing files into a task.
COMPRESSION_RATIO = 5


def list_inputs(arguments, directory=None):
    """The inputs the command would read for these arguments, in its order. Relative names are read from
    `directory` (default: the current one) and shown as given. Raises InputListingError for what cannot be read."""
    directory = directory or os.getcwd()
    inputs = []
    for argument in arguments:
        if argument == "-":
            raise InputListingError("standard input (-) is not an input of a distributed read: name files")
        path = os.path.join(directory, argument)
        try:
            info = os.stat(path)
        except OSError as error:
            raise InputListingError(f"{argument}: {error.strerror}") from None
        if stat.S_ISDIR(info.st_mode):
            inputs += _walk(path, argument)
        elif argument.endswith("/"):
            raise InputListingError(f"{argument}: Not a directory")
        else:
            inputs.append(Input(argument, path, info.st_size))
    return inputs


def _walk(path, name):
    found = []
    pending = [(path, name)]
    while pending:
        directory, shown = pending.pop()
        prefix = shown if shown.endswith("/") else shown + "/"
        try:
            entries = os.listdir(os.fsencode(directory))
        except OSError as error:
            raise InputListingError(f"{shown}: {error.strerror}") from None
        for entry in entries:
            entry_path = os.path.join(os.fsencode(directory), entry)
            entry_name = os.fsencode(prefix) + entry
            is_payload = entry_name.endswith(tuple(suffix.encode() for suffix in SUFFIXES))
            try:
                info = os.lstat(entry_path)
                if stat.S_ISDIR(info.st_mode):
                    pending.append((os.fsdecode(entry_path), os.fsdecode(entry_name)))
                    continue
                if not is_payload:
                    continue
                if stat.S_ISLNK(info.st_mode):
                    info = os.stat(entry_path)
            except OSError as error:
                if is_payload:
                    raise InputListingError(f"{_shown(entry_name)}: {error.strerror}") from None
                continue
            if stat.S_ISREG(info.st_mode):
                found.append((entry_name, os.fsdecode(entry_path), info.st_size))
    found.sort(key=lambda item: item[0])
    return [Input(_shown(name), path, size) for name, path, size in found]


def _shown(name_bytes):
    # Records show a name that is not UTF-8 with U+FFFD in place of each invalid sequence, as Swift's
    # String(decoding:as:) does.
    return name_bytes.decode("utf-8", "replace")


def is_splittable(input_):
    """Whether the input is JSON Lines text, which can be cut at line starts: not compressed, not a `.json`."""
    if input_.name.endswith(SINGLE_DOCUMENT_SUFFIXES):
        return False
    with open(input_.path, "rb") as file:
        head = file.read(6)
    return not any(head.startswith(magic) for magic in _MAGICS)


def plan(inputs, split_bytes):
    """The parts to read, in input order: an uncompressed JSON Lines file larger than `split_bytes` in ranges of
    about that size, each starting at a line start; other inputs whole, consecutive small ones together up to
    about `split_bytes` (a task per file of a folder of small files would cost more than classifying them).
    Reads each file cut once, counting its lines, which costs a fraction of classifying it."""
    if split_bytes < 1:
        raise ValueError("split_bytes must be 1 or more")
    parts, pending, pending_bytes = [], [], 0

    def flush():
        nonlocal pending, pending_bytes
        if pending:
            parts.append(Part(tuple(pending)))
        pending, pending_bytes = [], 0

    for input_ in inputs:
        splittable = is_splittable(input_)
        if input_.size <= split_bytes or not splittable:
            weight = input_.size if splittable else input_.size * COMPRESSION_RATIO
            if pending_bytes + weight > split_bytes or len(pending) >= MAXIMUM_FILES_PER_PART:
                flush()
            pending.append((input_.name, input_.path))
            pending_bytes += weight
            continue
        flush()
        # Equal ranges, in an even number (the local[2] of the check, a cluster's cores in pairs), so that the
        # last wave of tasks keeps every core busy.
        count = -(-input_.size // split_bytes)
        count += count % 2
        cuts = [input_.size * index // count for index in range(1, count)]
        files = ((input_.name, input_.path),)
        if count <= TASK_COUNTED_RANGES:
            # The command finds each range's first line and counts the lines before it (`--byte-range`): no
            # pass over the file here, and the tasks' passes over its start are few.
            bounds = [(0, None)] + [(cut, None) for cut in cuts] + [(input_.size, None)]
        else:
            # Many ranges would read the file's start again and again: one pass here counts the lines once.
            bounds = [(0, 0)] + line_starts(input_.path, cuts, input_.size) + [(input_.size, None)]
        for (start, lines), (end, _) in zip(bounds, bounds[1:]):
            if end > start:
                parts.append(Part(files, start, end - start, lines))
    flush()
    return parts


def line_starts(path, cuts, size, chunk_bytes=1 << 23):
    """For each cut (ascending byte positions), the first line start at or after it (or `size`) and the number
    of line feeds before that start, in one pass over the file."""
    cuts = list(cuts)
    found = []
    lines_before_chunk = 0
    chunk_start = 0
    index = 0
    with open(path, "rb") as file:
        while index < len(cuts):
            chunk = file.read(chunk_bytes)
            if not chunk:
                break
            chunk_end = chunk_start + len(chunk)
            # A line starts at the cut when the byte before it is a line feed: search from that byte.
            while index < len(cuts) and cuts[index] - 1 < chunk_end:
                search_from = max(0, cuts[index] - 1 - chunk_start)
                feed = chunk.find(b"\n", search_from)
                if feed < 0:
                    break
                start = chunk_start + feed + 1
                lines = lines_before_chunk + chunk.count(b"\n", 0, feed + 1)
                # Cuts closer together than a line share its end.
                while index < len(cuts) and cuts[index] - 1 <= chunk_start + feed:
                    found.append((start, lines))
                    index += 1
            lines_before_chunk += chunk.count(b"\n")
            chunk_start = chunk_end
    found += [(size, None)] * (len(cuts) - index)
    return found
