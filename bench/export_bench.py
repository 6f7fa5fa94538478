"""Scenario 13: `export` against the emulator, and its memory on a million records.

- records per second of `gqlpatch export Item --page-size P -o FILE` over N records in the
  emulator, beside the emulator's own bound: the same pages (same limit, same fields) read one
  after another by a Python client on one keep-alive connection, doing nothing with them;
- records per second of `import` of that export into an empty emulator, beside `apply` of the
  same file into another (import adds its check pass and the barriers between models);
- peak RSS of `export` over 10,000 and over 1,000,000 records, served by a small synthetic server
  (bench/export_bench.py itself: records made up page by page, nothing stored), so that memory
  flat means the set is streamed, never held.
"""

from __future__ import annotations

import http.client
import http.server
import json
import socket
import subprocess
import threading
import time
from pathlib import Path

from bench_emulator import BenchEmulator

ROOT = Path(__file__).resolve().parent.parent

FIELDS = "id name description modelFile { bucket region key contentType size } imageFile { bucket region key contentType size } tags createdAt updatedAt"


def page_bound(port: int, page: int) -> tuple[float, int]:
    """The emulator's own bound: every page of listItems, one after another, read and parsed."""
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.connect()
    connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    token, records = None, 0
    began = time.perf_counter()
    while True:
        body = json.dumps({"query": f"query L($t: String) {{ listItems(limit: {page}, nextToken: $t) "
                                    f"{{ items {{ {FIELDS} }} nextToken }} }}", "variables": {"t": token}})
        connection.request("POST", "/graphql", body, {"x-api-key": "bench-key", "content-type": "application/json"})
        answer = json.loads(connection.getresponse().read())["data"]["listItems"]
        records += len(answer["items"])
        token = answer["nextToken"]
        if not token:
            break
    return time.perf_counter() - began, records


def run_child(argv: list[str], stdout, scratch: Path) -> tuple[float, int, int]:
    """Wall seconds, exit status and peak RSS (KiB) of one child, through bench/measure.c (which run.py
    builds into `scratch`): a child forked from this Python process would report at least the
    forking process's own resident size (Linux carries it across exec), 47 MB late in a full bench."""
    result = scratch / "export-child.result"
    result.unlink(missing_ok=True)
    subprocess.run([str(scratch / "measure"), str(result), *argv], stdout=stdout, stderr=subprocess.DEVNULL,
                   check=True)
    code, wall, _, rss = result.read_text().split()
    return float(wall), int(code), int(rss)


class Synthetic(http.server.BaseHTTPRequestHandler):
    """Answers listItems with made-up records: `total` of them, `page` a page, the offset as token."""

    total = 0
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        request = json.loads(self.rfile.read(int(self.headers["content-length"])))
        variables = request.get("variables") or {}
        limit = variables.get("limit") or 100
        start = int(variables.get("nextToken") or 0)
        end = min(start + limit, self.total)
        items = [{"id": f"item-{n}", "name": f"Item number {n}", "description": None, "modelFile": None,
                  "imageFile": None, "tags": ["a", "b"], "createdAt": "2026-01-01T00:00:00.000Z",
                  "updatedAt": "2026-01-01T00:00:00.000Z"} for n in range(start, end)]
        body = json.dumps({"data": {"listItems": {"items": items,
                                                  "nextToken": str(end) if end < self.total else None}}}).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


def record_lines(path: Path) -> int:
    """The records an export file holds: its lines but the first (the export's header) and the
    last (its end line)."""
    seal = ('{"op":"export",', '{"op":"end",')
    with path.open() as file:
        return sum(1 for line in file if not line.startswith(seal))


def synthetic_rss(binary: str, scratch: Path, total: int, page: int, csv: bool = False) -> tuple[int, int, int]:
    """Peak RSS (KiB) of exporting `total` synthetic records (as apply lines into `-o FILE`, or with
    `csv` as CSV rows on standard output), the records written, and the status."""
    Synthetic.total = total
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Synthetic)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    out = scratch / f"export-synthetic-{total}.{'csv' if csv else 'jsonl'}"
    argv = [binary, "--endpoint", f"http://127.0.0.1:{server.server_address[1]}/graphql", "--api-key", "bench-key",
            "--schema", str(ROOT / "schema.graphql"), "export", "Item", "--page-size", str(page)]
    try:
        if csv:
            with out.open("wb") as file:
                _, status, rss = run_child(argv + ["--output", "csv"], file, scratch)
        else:
            _, status, rss = run_child(argv + ["-o", str(out)], subprocess.DEVNULL, scratch)
    finally:
        server.shutdown()
        server.server_close()
    if csv:
        with out.open("rb") as file:
            lines = sum(1 for _ in file) - 1  # the header (the synthetic records hold no line break)
    else:
        lines = record_lines(out)
    out.unlink()
    return rss, lines, status


def run(binary: str, python: str, scratch: Path, records: int = 20_000, page: int = 1000,
        big: int = 1_000_000) -> list[str]:
    emulator = BenchEmulator(python, scratch, "export-emulator")
    try:
        seed = scratch / "export-seed.jsonl"
        with seed.open("w") as file:
            for n in range(records):
                file.write(json.dumps({"op": "create", "model": "Item", "key": {"id": f"item-{n:06d}"},
                                       "set": {"name": f"Item {n}", "tags": ["x"]}}) + "\n")
        seeded = subprocess.run([binary, "--endpoint", emulator.endpoint, "--api-key", "bench-key", "--schema",
                                 str(ROOT / "schema.graphql"), "apply", str(seed), "-j", "16"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if seeded.returncode != 0:
            raise RuntimeError(f"seeding the emulator failed: {seeded.stderr[-500:]}")
        bounds, exports = [], []
        out = scratch / "export-emulator.jsonl"
        for _ in range(3):  # alternating, as the other scenarios do
            seconds, counted = page_bound(emulator.port, page)
            bounds.append(counted / seconds)
            wall, status, _ = run_child(
                [binary, "--endpoint", emulator.endpoint, "--api-key", "bench-key", "--schema",
                 str(ROOT / "schema.graphql"), "export", "Item", "--page-size", str(page), "-o", str(out)],
                subprocess.DEVNULL, scratch)
            written = record_lines(out)
            if status != 0 or written != records:
                raise RuntimeError(f"export exited {status} with {written} of {records} lines")
            exports.append(records / wall)
        # import beside apply: the same exported lines into an empty emulator each (one run each,
        # alternating order would need four emulators for no new information).
        writes = {}
        for command in ("apply", "import"):
            empty = BenchEmulator(python, scratch, f"export-{command}")
            try:
                wall, status, _ = run_child(
                    [binary, "--endpoint", empty.endpoint, "--api-key", "bench-key", "--schema",
                     str(ROOT / "schema.graphql"), command, str(out), "-j", "16"], subprocess.DEVNULL, scratch)
                if status != 0:
                    raise RuntimeError(f"{command} of the export exited {status}")
                writes[command] = records / wall
            finally:
                empty.stop()
    finally:
        emulator.stop()
    bound = sorted(bounds)[1]
    exported = sorted(exports)[1]
    small_rss, small_lines, small_status = synthetic_rss(binary, scratch, 10_000, page)
    big_rss, big_lines, big_status = synthetic_rss(binary, scratch, big, page)
    flat = big_status == 0 and big_lines == big and big_rss <= small_rss * 1.5
    small_csv, _, _ = synthetic_rss(binary, scratch, 10_000, page, csv=True)
    big_csv, big_csv_lines, big_csv_status = synthetic_rss(binary, scratch, big, page, csv=True)
    flat_csv = big_csv_status == 0 and big_csv_lines == big and big_csv <= small_csv * 1.5
    mb = lambda kib: f"{kib / 1024:.1f} MB"  # noqa: E731
    return [
        "",
        f"Scenario 13, `export` (loopback; median of 3, alternating): {records:,} Items in the emulator, "
        f"pages of {page}:",
        "",
        "| measure | value |",
        "|---|---|",
        f"| the emulator's own bound: the same pages read one after another by a Python client, nothing "
        f"written | {bound:,.0f} records/s |",
        f"| `gqlpatch export Item --page-size {page} -o FILE` | {exported:,.0f} records/s "
        f"({exported / bound:.2f}x the bound) |",
        f"| peak RSS of `export` over 10,000 synthetic records / over {big:,} | {mb(small_rss)} / {mb(big_rss)} "
        f"(all {big_lines:,} lines written: {'yes' if big_lines == big else 'NO'}) |",
        f"| peak RSS of `export --output csv` over 10,000 synthetic records / over {big:,} | {mb(small_csv)} / "
        f"{mb(big_csv)} (all {big_csv_lines:,} rows written: {'yes' if big_csv_lines == big else 'NO'}) |",
        f"| `gqlpatch import FILE -j 16` of that export into an empty emulator, beside `apply FILE -j 16` "
        f"into another | {writes['import']:,.0f} records/s against {writes['apply']:,.0f}/s "
        f"({writes['import'] / writes['apply']:.2f}x: the check pass and the barriers between models) |",
        "",
        f"Targets: export reads at the emulator's page bound (>= 0.8x): "
        f"{'met' if exported >= 0.8 * bound else 'MISSED'}; memory flat from 10,000 to {big:,} records "
        f"(<= 1.5x): {'met' if flat else 'MISSED'}; as CSV too: {'met' if flat_csv else 'MISSED'}.",
    ]


if __name__ == "__main__":
    # python bench/export_bench.py BINARY PYTHON SCRATCH, where SCRATCH holds run.py's `measure`.
    import sys

    print("\n".join(run(sys.argv[1], sys.argv[2], Path(sys.argv[3]))))
