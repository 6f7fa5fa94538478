"""Scenario 12: `watch` and `wait` against the emulator's real-time endpoint.

- events per second through `watch` to a file: N updates sent as fast as one keep-alive HTTP
  connection takes them, while `watch --count N` writes every event to a file; beside the
  emulator's own limit (the same N updates with nobody watching);
- event-to-stdout latency: one update at a time; the time from its HTTP answer to its line on
  `watch`'s stdout (read from a pipe as it comes);
- `wait --until` latency: the time from the answer to the update that makes the condition true to
  `wait`'s exit (after it said, with --verbose, that it is subscribed and the record does not hold).
"""

from __future__ import annotations

import http.client
import json
import socket
import statistics
import subprocess
import threading
import time
from pathlib import Path

from bench_emulator import BenchEmulator

ROOT = Path(__file__).resolve().parent.parent

FULL = "id name description modelFile { bucket region key contentType size } imageFile { bucket region key contentType size } tags createdAt updatedAt"


class Emulator(BenchEmulator):
    """The emulator, and one keep-alive connection to it for the updates."""

    def __init__(self, python: str, scratch: Path):
        super().__init__(python, scratch, "realtime-emulator")
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port)
        self.connection.connect()
        # Headers and body leave in two writes: without this, delayed ACKs add ~40 ms to each.
        self.connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def graphql(self, query: str, variables: dict | None = None) -> dict:
        body = json.dumps({"query": query, "variables": variables or {}})
        self.connection.request("POST", "/graphql", body, {"x-api-key": "bench-key", "content-type": "application/json"})
        return json.loads(self.connection.getresponse().read())

    def update(self, name: str) -> None:
        self.graphql(f"mutation U($input: UpdateItemInput!) {{ updateItem(input: $input) {{ {FULL} }} }}",
                     {"input": {"id": "42", "name": name}})


def start(binary: str, emulator: Emulator, command: list[str], stdout) -> subprocess.Popen:
    process = subprocess.Popen(
        [binary, "--endpoint", emulator.endpoint, "--api-key", "bench-key", "--schema", str(ROOT / "schema.graphql"),
         "--verbose"] + command, stdout=stdout, stderr=subprocess.PIPE, text=True)
    # Ready once it says it is subscribed (its stderr, read line by line).
    for line in process.stderr:
        if "subscribed to" in line:
            break
    threading.Thread(target=lambda: process.stderr.read(), daemon=True).start()
    return process


def run(binary: str, python: str, scratch: Path, events: int = 2000, samples: int = 50) -> list[str]:
    emulator = Emulator(python, scratch)
    try:
        emulator.graphql("mutation { createItem(input: {id: \"42\", name: \"start\"}) { id } }")
        # The emulator's own limit: the updates with nobody watching.
        began = time.perf_counter()
        for number in range(events):
            emulator.update(f"alone-{number}")
        alone = events / (time.perf_counter() - began)

        # Throughput: watch writes every event to a file.
        out = scratch / "watch-events.jsonl"
        with out.open("w") as file:
            watch = start(binary, emulator, ["watch", "Item", "--on", "update", "--count", str(events),
                                             "--timeout", "10m"], file)
            began = time.perf_counter()
            for number in range(events):
                emulator.update(f"watched-{number}")
            status = watch.wait(timeout=600)
            watched = events / (time.perf_counter() - began)
        lines = out.read_text().splitlines()
        names = [json.loads(line)["item"]["name"] for line in lines]
        complete = status == 0 and names == [f"watched-{n}" for n in range(events)]

        # Latency: one update at a time, its line read from the pipe as it comes.
        watch = start(binary, emulator, ["watch", "Item", "--on", "update", "--count", str(samples),
                                         "--timeout", "10m"], subprocess.PIPE)
        latencies, round_trips = [], []
        for number in range(samples):
            sent = time.perf_counter()
            emulator.update(f"latency-{number}")
            round_trips.append(time.perf_counter() - sent)
            watch.stdout.readline()
            latencies.append(time.perf_counter() - sent)
        watch.wait(timeout=60)

        # wait: from the answer to the update that makes it true to wait's exit.
        waits = []
        for number in range(10):
            waiter = start(binary, emulator, ["wait", "Item", "--id", "42", "--until", f"name=done-{number}",
                                              "--timeout", "1m"], subprocess.DEVNULL)
            emulator.update(f"done-{number}")
            answered = time.perf_counter()
            waiter.wait(timeout=60)
            waits.append(time.perf_counter() - answered)
    finally:
        emulator.stop()
    ms = lambda seconds: f"{seconds * 1000:.1f} ms"  # noqa: E731
    return [
        "",
        f"Scenario 12, `watch` and `wait` on the emulator's real-time endpoint (loopback; {events:,} updates "
        "sent one after another on one keep-alive connection by a Python client):",
        "",
        "| measure | value |",
        "|---|---|",
        f"| the emulator's own limit (the updates, nobody watching) | {alone:,.0f} updates/s |",
        f"| `watch --count {events}` to a file, while the updates are sent | {watched:,.0f} events/s "
        f"({watched / alone:.2f}x the emulator's limit); every event written once, in order: "
        f"{'yes' if complete else 'NO'} |",
        f"| event on `watch`'s stdout, from the update's sending (median / 90th percentile of {samples}); "
        f"the update's own round trip | {ms(statistics.median(latencies))} / "
        f"{ms(sorted(latencies)[int(samples * 0.9) - 1])}; {ms(statistics.median(round_trips))} |",
        f"| `wait --until` exit, after the answer to the update that makes it true (median / max of 10) | "
        f"{ms(statistics.median(waits))} / {ms(max(waits))} |",
        "",
        f"Target: `wait` returns within 100 ms of the mutation that makes it true: "
        f"{'met' if max(waits) < 0.1 else 'MISSED'} (max {ms(max(waits))}).",
    ]
