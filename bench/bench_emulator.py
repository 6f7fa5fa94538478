"""The AppSync emulator as the bench's emulator scenarios (12, 13) start it: repo's schema.graphql,
API key `bench-key`, a loopback port of its own; stopped by `stop()`."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class BenchEmulator:
    def __init__(self, python: str, scratch: Path, name: str):
        port_file = scratch / f"{name}.port"
        port_file.unlink(missing_ok=True)
        self.process = subprocess.Popen(
            [python, str(ROOT / "Tests/AppSyncEmulator/appsync_emulator.py"), "--schema", str(ROOT / "schema.graphql"),
             "--port-file", str(port_file), "--api-key", "bench-key"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            if time.time() > deadline:
                raise RuntimeError("the emulator did not start")
            time.sleep(0.05)
        self.port = int(port_file.read_text())
        self.endpoint = f"http://127.0.0.1:{self.port}/graphql"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)
