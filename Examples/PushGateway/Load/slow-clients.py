#!/usr/bin/env python3
"""Holds slow connections open against the gateway on loopback, for scripts/load-gateway.sh.

  slow-clients.py PORT MODE CONNECTIONS SECONDS [INTERVAL]

MODE is `slowloris` (a request head sent one byte every INTERVAL seconds, default 3, never finished)
or `idle` (connect, send nothing). Keeps CONNECTIONS open for SECONDS: each one the gateway closes is
counted and replaced, as an attacker would, up to 20 times CONNECTIONS connects in all. Prints one line
of key=value counts at the end: connects, closed_by_server, held_at_end, held_min, held_max, and the
median and longest seconds the gateway took to close one. Only ever connects to 127.0.0.1.
"""
import errno
import selectors
import socket
import sys
import time

port, mode, wanted, seconds = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
interval = float(sys.argv[5]) if len(sys.argv) > 5 else 3.0
if mode not in ("slowloris", "idle"):
    sys.exit("slow-clients.py: MODE is slowloris or idle")
HEAD = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 4096
MAX_CONNECTS = wanted * 20

selector = selectors.DefaultSelector()
connections = {}  # socket -> [opened at, bytes of HEAD sent, next send time]
connects = 0
closed_by_server = 0
lifetimes = []
held_min, held_max = None, 0


def open_one(now):
    global connects
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setblocking(False)
    err = sock.connect_ex(("127.0.0.1", port))
    if err not in (0, errno.EINPROGRESS):
        sock.close()
        return
    connects += 1
    connections[sock] = [now, 0, now + 0.05]
    selector.register(sock, selectors.EVENT_READ)


start = time.monotonic()
end = start + seconds
while time.monotonic() < end:
    now = time.monotonic()
    while len(connections) < wanted and connects < MAX_CONNECTS:
        open_one(now)
    if now - start > 2:
        held_min = len(connections) if held_min is None else min(held_min, len(connections))
    held_max = max(held_max, len(connections))
    for key, _ in selector.select(timeout=0.1):
        sock = key.fileobj
        try:
            data = sock.recv(4096)
        except (BlockingIOError, InterruptedError):
            continue
        except OSError:
            data = b""
        if not data:  # the gateway closed it (or answered and closed)
            closed_by_server += 1
            lifetimes.append(time.monotonic() - connections[sock][0])
            selector.unregister(sock)
            sock.close()
            del connections[sock]
    if mode == "slowloris":
        now = time.monotonic()
        for sock, state in list(connections.items()):
            if now >= state[2] and state[1] < len(HEAD):
                try:
                    state[1] += sock.send(HEAD[state[1]:state[1] + 1])
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError:
                    pass
                state[2] = now + interval

held_at_end = len(connections)
for sock in list(connections):
    sock.close()
lifetimes.sort()
median = lifetimes[len(lifetimes) // 2] if lifetimes else 0
longest = lifetimes[-1] if lifetimes else 0
print(
    f"mode={mode} connects={connects} closed_by_server={closed_by_server} held_at_end={held_at_end} "
    f"held_min={held_min or 0} held_max={held_max} close_median_s={median:.1f} close_max_s={longest:.1f}"
)
