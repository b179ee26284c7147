"""Running `push-payloads classify` in a Spark task: its arguments, the binary, bytes in and records out.

Bytes reach the command without passing through Python objects: a file, whole or a byte range of it
(`--byte-range`), is opened and read by the command itself, and a table's payloads are one Arrow buffer written
to its standard input. Its records come back as an Arrow IPC stream (`classify --format arrow`), whose
record batches are read as they come (`Run.batches`), typed already: nothing is parsed here. Inbox records
(`kind=inbox`), which the command writes as JSON Lines only, are read in chunks of whole records, each parsed
into Arrow at once (`Run.chunks`).

Exit status 0 and 1 (some records are errors, which are data) end a run normally; any other status, such as
74 (an input could not be read, or stopped part way) or 64 (a bad option), raises CommandError with the
command's own message from stderr.
"""

import fcntl
import json
import os
import shutil
import stat
import subprocess
import tempfile
import threading

import pyarrow as pa

from . import records

# Output read per parse: large enough that parsing costs little per call, small enough to bound memory.
CHUNK_BYTES = 1 << 22
_F_SETPIPE_SZ = 1031
_PIPE_BYTES = 1 << 20

# Options as the command spells them (`--max-payload-bytes`), written with `_` or `-`.
_VALUE_OPTIONS = ("senders", "kind", "payload", "max_payload_bytes", "max_depth", "max_record_bytes", "engine")
_LIST_OPTIONS = ("keep", "platform")
#: Options of the data source and the helper, not the command's.
OWN_OPTIONS = ("binary", "split_bytes", "jobs", "base", "path", "paths")

#: The size of a file's ranges, one task each: Spark's own file sources' default (`spark.sql.files.maxPartitionBytes`,
#: 128 MiB). Each task costs its own start (the command's, the Python worker's and the JVM's per-task work) and
#: counts the lines before its range: on the 200 MB capture of scripts/spark-connect-check.sh, 2 ranges instead of
#: 6 of 32 MiB took 0.2-0.3 CPU s less of some 2.5 (docs/scale.md).
DEFAULT_SPLIT_BYTES = 128 << 20

#: A file that each task appends its exact CPU accounting to, one JSON line a run, when this variable of the Spark
#: server's environment names one (the Python workers inherit it): the command's own rusage from `wait4(2)` and the
#: Python worker's `getrusage(RUSAGE_SELF)` over the task. `scripts/spark-connect-check.py` sets it for its CPU
#: split; unset, nothing is measured or written.
ACCOUNTING_VARIABLE = "PUSH_PAYLOADS_SPARK_ACCOUNTING"


def usage_fields(usage):
    """The fields of a `resource.struct_rusage` that the accounting keeps."""
    return {
        "user": usage.ru_utime,
        "sys": usage.ru_stime,
        "minflt": usage.ru_minflt,
        "majflt": usage.ru_majflt,
        "nvcsw": usage.ru_nvcsw,
        "nivcsw": usage.ru_nivcsw,
    }


class TaskAccounting:
    """The Python worker's own CPU over one task (a delta of `RUSAGE_SELF`: its threads, the batches' hand-off to
    the JVM between the reader's yields included) and each command's exact rusage, appended as one JSON line to
    the file `ACCOUNTING_VARIABLE` names when the task ends. A no-op when the variable is unset."""

    def __init__(self, kind):
        self.path = os.environ.get(ACCOUNTING_VARIABLE)
        self.kind = kind
        self.commands = []
        if self.path:
            import resource

            self._resource = resource
            self._started = resource.getrusage(resource.RUSAGE_SELF)

    def command(self, usage):
        if self.path:
            self.commands.append(usage_fields(usage))

    def finish(self):
        if not self.path:
            return
        ended = self._resource.getrusage(self._resource.RUSAGE_SELF)
        before, after = usage_fields(self._started), usage_fields(ended)
        line = {
            "kind": self.kind,
            "pid": os.getpid(),
            "python": {key: after[key] - before[key] for key in after},
            "commands": self.commands,
        }
        # One write of one line, O_APPEND: lines of tasks running at once do not interleave.
        descriptor = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(descriptor, (json.dumps(line) + "\n").encode())
        finally:
            os.close(descriptor)


class CommandError(RuntimeError):
    """push-payloads failed: exit status 74 (an input could not be read), 64 (a bad option) or a signal."""

    def __init__(self, status, message):
        self.status = status
        super().__init__(f"push-payloads exited with status {status}: {message.strip() or '(no message)'}")


class Settings:
    """The command's options and the reader's own, from Spark options (names case-insensitive, `_` or `-`)."""

    def __init__(self, options):
        options = {key.lower().replace("-", "_"): value for key, value in dict(options).items()}
        unknown = sorted(set(options) - set(_VALUE_OPTIONS) - set(_LIST_OPTIONS) - set(OWN_OPTIONS))
        if unknown:
            known = ", ".join(_VALUE_OPTIONS + _LIST_OPTIONS + OWN_OPTIONS)
            raise ValueError(f"push_payloads: unknown option {', '.join(unknown)} (known: {known})")
        self.options = options
        self.arguments = []
        for name in _VALUE_OPTIONS:
            if options.get(name) is not None:
                self.arguments += ["--" + name.replace("_", "-"), str(options[name])]
        for name in _LIST_OPTIONS:
            for value in _split(options.get(name)):
                self.arguments += ["--" + name, value]
        self.binary = options.get("binary") or "push-payloads"
        self.split_bytes = int(options.get("split_bytes") or DEFAULT_SPLIT_BYTES)
        self.jobs = int(options.get("jobs") or 1)
        self.inbox = options.get("kind") == "inbox"
        self.keeps = bool(_split(options.get("keep")))

    @property
    def schema(self):
        return records.record_schema(inbox=self.inbox, kept=self.keeps)

    @property
    def arrow(self):
        """Whether the command writes Arrow (pushes) rather than JSON Lines (inbox pages)."""
        return not self.inbox

    def classify(self, *more):
        """The command line after the binary: `classify`, quiet, the threads, the output format (Arrow for
        pushes), the options, then `more`."""
        output = ["--format", "arrow"] if self.arrow else []
        return ["classify", "--quiet", "--jobs", str(self.jobs), *output, *self.arguments, *more]

    def record_batches(self, run, source=None):
        """The records of a run as Arrow record batches of `schema`, with `source` as every record's source
        when given (the command was given a placeholder label).

        The command's own batches (one per MiB of input it read, about 5,000 records) are handed on as they
        come, not joined into larger ones: joining copied every byte in Python and saved the JVM nothing
        measurable (docs/scale.md)."""
        if self.arrow:
            return run.batches(self.schema, source)
        return (batch for chunk in run.chunks() for batch in records.parse(chunk, self.schema, source).to_batches())


def _split(value):
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [str(item) for item in value]
    return [item for item in str(value).split(",")] if str(value) else []


_resolved = {}


def resolve_binary(name):
    """The path of an executable push-payloads: `name` as a path, a file shipped with `spark.addArtifacts(...,
    file=True)` (or `SparkContext.addFile`), a file in the working directory, or a program on PATH. A shipped
    file that lost its execute bit is copied once per process and made executable."""
    if name in _resolved:
        return _resolved[name]
    candidates = []
    if os.sep in name:
        candidates.append(name)
    else:
        try:
            from pyspark import SparkFiles

            candidates.append(SparkFiles.get(name))
        except Exception:
            pass
        candidates.append(os.path.join(os.getcwd(), name))
        on_path = shutil.which(name)
        if on_path:
            candidates.append(on_path)
    for candidate in candidates:
        if os.path.isfile(candidate):
            path = candidate if os.access(candidate, os.X_OK) else _executable_copy(candidate)
            _resolved[name] = path
            return path
    raise FileNotFoundError(
        f"push-payloads binary {name!r} not found (looked at {', '.join(candidates) or 'nothing'}): ship it with "
        "push_payloads_spark.ship_binary(spark, path) or spark.addArtifacts(path, file=True), or set the "
        "`binary` option to its path on the workers"
    )


def _executable_copy(path):
    directory = tempfile.mkdtemp(prefix="push-payloads-")
    copy = os.path.join(directory, os.path.basename(path))
    shutil.copyfile(path, copy)
    os.chmod(copy, stat.S_IRWXU)
    return copy


class Run:
    """One run of the command whose standard output is read in chunks of whole records (`chunks()`).

    `feed` writes its standard input on a thread: a callable taking the pipe's file descriptor, or None when
    the command reads no standard input. Ending the iteration early kills the command (by its own pid).
    """

    def __init__(self, argv, feed=None, cwd=None, describe="", accounting=None):
        #: What the run reads, for messages (the command names standard input by a placeholder label).
        self.describe = describe
        #: A TaskAccounting given the command's rusage when it ends, or None.
        self.accounting = accounting
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE if feed else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
        )
        self._enlarge(self.process.stdout.fileno())
        self._stderr = []
        self._feed_error = []
        self._threads = [threading.Thread(target=self._collect_stderr, daemon=True)]
        if feed:
            self._enlarge(self.process.stdin.fileno())
            self._threads.append(threading.Thread(target=self._feed, args=(feed,), daemon=True))
        for thread in self._threads:
            thread.start()

    @staticmethod
    def _enlarge(descriptor):
        # Fewer, larger reads and writes per pipe; the kernel may refuse, which only costs speed.
        try:
            fcntl.fcntl(descriptor, _F_SETPIPE_SZ, _PIPE_BYTES)
        except OSError:
            pass

    def _collect_stderr(self):
        # Kept whole: the command writes a line per input it cannot read, not per record.
        self._stderr.append(self.process.stderr.read())

    def _feed(self, feed):
        try:
            feed(self.process.stdin.fileno())
        except BrokenPipeError:
            pass  # the command stopped reading: its status says why
        except Exception as error:  # reported after the run, where it can be raised
            self._feed_error.append(error)
        finally:
            try:
                self.process.stdin.close()
            except OSError:
                pass

    def batches(self, schema, source=None):
        """The record batches of the command's Arrow stream (`--format arrow`), checked to be of `schema`,
        with `source` put in every record when given; raises CommandError for a failed run."""
        finished, broken = False, None
        try:
            try:
                reader = pa.ipc.open_stream(self.process.stdout)
                if not reader.schema.equals(schema):
                    raise RuntimeError(
                        f"push-payloads wrote records of another schema than this package's:\n{reader.schema}\n"
                        "(is the binary of the same version as the package?)"
                    )
                source_field = schema.field(0)
                for batch in reader:
                    if source is not None:
                        batch = batch.set_column(0, source_field, records.repeated(source, batch.num_rows))
                    yield batch
            except pa.ArrowInvalid as error:
                # No schema (a bad option: nothing written) or a stream cut short (the command killed): the
                # command's status says why, below; a stream broken by a command that ended well is raised.
                broken = error
            finished = True
        finally:
            status = self._end(finished)
        self._raise_for(status)
        if broken is not None:
            raise broken

    def _end(self, finished):
        """Waits for the command (killed, if its output was not read to the end) and its threads."""
        if not finished:
            self.process.kill()
        status = self._wait()
        for thread in self._threads:
            thread.join()
        self.process.stdout.close()
        self.process.stderr.close()
        return status

    def _wait(self):
        """The command's exit status, reaped by `wait4(2)` so its exact rusage (user, system, faults, context
        switches) reaches the accounting when there is one."""
        if self.accounting is None or not self.accounting.path or self.process.returncode is not None:
            return self.process.wait()
        while True:
            try:
                _, status, usage = os.wait4(self.process.pid, 0)
                break
            except InterruptedError:
                continue
        self.process.returncode = os.waitstatus_to_exitcode(status)
        self.accounting.command(usage)
        return self.process.returncode

    def _raise_for(self, status):
        if self._feed_error:
            raise self._feed_error[0]
        if status not in (0, 1):
            raise CommandError(status, self.describe + b"".join(self._stderr).decode("utf-8", "replace"))

    def chunks(self, chunk_bytes=CHUNK_BYTES):
        """Chunks of the command's output (memoryviews, each of whole records, each in a buffer of its own);
        raises CommandError for a failed run."""
        descriptor = self.process.stdout.fileno()
        buffer, filled = bytearray(chunk_bytes + _PIPE_BYTES), 0
        finished = False
        try:
            while True:
                # Read straight into the chunk's buffer: the bytes are copied once, by the kernel.
                with memoryview(buffer) as view:
                    count = os.readv(descriptor, [view[filled:]])
                filled += count
                if count == 0:
                    if filled:
                        yield memoryview(buffer)[:filled]
                    break
                if filled < chunk_bytes:
                    continue
                cut = buffer.rfind(b"\n", 0, filled) + 1
                if cut == 0:  # one record longer than the buffer: make room
                    buffer.extend(bytes(len(buffer)))
                    continue
                rest = bytearray(max(chunk_bytes, filled - cut) + _PIPE_BYTES)
                rest[: filled - cut] = memoryview(buffer)[cut:filled]
                yield memoryview(buffer)[:cut]
                buffer, filled = rest, filled - cut
            finished = True
        finally:
            status = self._end(finished)
        self._raise_for(status)


def buffer_feed(buffer):
    """A `feed` that writes a buffer (an Arrow buffer, bytes) into the pipe."""

    def feed(pipe):
        with memoryview(buffer) as view:
            view = view.cast("B")
            written = 0
            while written < len(view):
                written += os.write(pipe, view[written : written + (1 << 20)])

    return feed
