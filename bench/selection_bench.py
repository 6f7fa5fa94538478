"""Scenario 14: `update --where` (a bulk update by a selection) beside the pipeline it replaces.

- records per second of `gqlpatch update Item --where description=match --set name=bulk --yes -j 32`
  over 10,000 matching records served by the bench responder (`--list`: every Item it lists
  matches), beside `gqlpatch list ... | jq ... | gqlpatch apply -j 32 -`, the same reads and writes
  glued by hand (no count, no confirmation, no guard); median of 3, alternating;
- peak RSS of the same update over 1,000,000 matching records: the keys go to a file, not memory.
"""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

API_KEY = "bench-api-key"
JQ = '{op: "update", model: "Item", key: {id}, set: {name: "bulk"}}'


def start(responder: Path, scratch: Path, total: int) -> tuple[subprocess.Popen, str]:
    port_file = scratch / f"selection-{total}.port"
    port_file.unlink(missing_ok=True)
    process = subprocess.Popen([str(responder), "--list", str(total), "0", API_KEY, str(port_file)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(500):
        if port_file.exists() and port_file.read_text().strip():
            return process, f"http://127.0.0.1:{port_file.read_text().strip()}/graphql"
        time.sleep(0.01)
    process.kill()
    raise RuntimeError("the responder did not start")


def measured(argv: list[str], scratch: Path) -> tuple[float, int, int, str]:
    """Wall seconds, exit status, peak RSS (KiB) and stdout of one child under bench/measure.c."""
    result, out = scratch / "selection.result", scratch / "selection.out"
    result.unlink(missing_ok=True)
    with out.open("wb") as stdout:
        subprocess.run([str(scratch / "measure"), str(result), *argv], stdout=stdout, stderr=subprocess.DEVNULL,
                       check=True)
    code, wall, _, rss = result.read_text().split()
    return float(wall), int(code), int(rss), out.read_text()


def run(binary: str, scratch: Path, schema: Path, records: int = 10_000, big: int = 1_000_000) -> list[str]:
    responder = scratch / "responder"  # built by run.py
    process, url = start(responder, scratch, records)
    common = [binary, "--endpoint", url, "--api-key", API_KEY, "--schema", str(schema), "--compact"]
    bulk = common + ["update", "Item", "--where", "description=match", "--set", "name=bulk", "--yes", "-j", "32",
                     "--page-size", "1000"]
    listing = " ".join(common + ["list", "Item", "--where", "description=match", "--page-size", "1000"])
    applying = " ".join(common + ["apply", "-j", "32", "-"])
    pipeline = ["bash", "-o", "pipefail", "-c", f"{listing} | jq -c '{JQ}' | {applying}"]
    rates: dict[str, list[float]] = {"bulk": [], "pipeline": []}
    rss: dict[str, int] = {}
    try:
        for round_number in range(4):  # the first round warms up
            for name, argv in (("bulk", bulk), ("pipeline", pipeline)):
                wall, code, peak, out = measured(argv, scratch)
                updated = out.count('"status":"updated"')
                if code != 0 or updated != records:
                    raise RuntimeError(f"{name} exited {code} with {updated} of {records} updated")
                if round_number:
                    rates[name].append(records / wall)
                    rss[name] = max(rss.get(name, 0), peak)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
    process, url = start(responder, scratch, big)
    try:
        argv = [binary, "--endpoint", url, "--api-key", API_KEY, "--schema", str(schema), "--compact", "update",
                "Item", "--where", "description=match", "--set", "name=bulk", "--yes", "-j", "32", "--page-size",
                "1000"]
        big_wall, big_code, big_rss, big_out = measured(argv, scratch)
        big_updated = big_out.count('"status":"updated"')
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
    bulk_rate, pipe_rate = sorted(rates["bulk"])[1], sorted(rates["pipeline"])[1]
    ratio = bulk_rate / pipe_rate
    mb = lambda kib: f"{kib / 1024:.1f} MB"  # noqa: E731
    return [
        "",
        f"Scenario 14, many records by a filter (loopback, the bench responder listing {records:,} matching Items "
        "in pages of 1,000; median of 3, alternating):",
        "",
        "| command | records/s | peak RSS |",
        "|---|---|---|",
        f"| `gqlpatch update Item --where description=match --set name=bulk --yes -j 32` | {bulk_rate:,.0f} "
        f"({ratio:.2f}x the pipeline) | {mb(rss['bulk'])} |",
        f"| `gqlpatch list ... \\| jq -c ... \\| gqlpatch apply -j 32 -` (the pipeline it replaces) | {pipe_rate:,.0f} "
        f"| {mb(rss['pipeline'])} (the largest of its processes) |",
        f"| the same update over {big:,} matching records | {big / big_wall:,.0f} ({big_updated:,} updated, exit "
        f"{big_code}) | {mb(big_rss)} |",
        "",
        f"Targets: at least the pipeline's throughput (>= 1.0x): {'met' if ratio >= 1.0 else 'MISSED'}; "
        f"peak RSS over {big:,} matching keys under 100 MB: "
        f"{'met' if big_rss < 100 * 1024 and big_code == 0 and big_updated == big else 'MISSED'}.",
    ]


if __name__ == "__main__":
    # python bench/selection_bench.py BINARY SCRATCH SCHEMA, where SCRATCH holds run.py's `measure`
    # and `responder`.
    import sys

    print("\n".join(run(sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]))))
