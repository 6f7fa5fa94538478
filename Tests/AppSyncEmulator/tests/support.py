"""Shared helpers for the emulator tests: import path, paths, and a real emulator process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Optional

EMULATOR_DIR = Path(__file__).resolve().parent.parent
REPO_ROOT = EMULATOR_DIR.parent.parent
REPO_SCHEMA = REPO_ROOT / "schema.graphql"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
sys.path.insert(0, str(EMULATOR_DIR))


def shared_testdata() -> Optional[Path]:
    """The shared Amplify samples (`../shared` next to the repository, as CI has it), if present."""
    for candidate in (REPO_ROOT.parent / "shared", Path("/work/shared")):
        folder = candidate / "testdata" / "amplify"
        if folder.is_dir():
            return folder
    return None


class Reply:
    """An HTTP answer: status, headers (lower-case names), raw body and parsed JSON (if any)."""

    def __init__(self, status: int, headers: dict[str, str], body: bytes):
        self.status = status
        self.headers = headers
        self.body = body
        try:
            self.json: Any = json.loads(body)
        except ValueError:
            self.json = None


class Emulator:
    """Starts appsync_emulator.py on port 0 (via --port-file) and talks HTTP to it."""

    def __init__(self, *options: str, schema: Path = REPO_SCHEMA, api_key: Optional[str] = "test-key",
                 compiled: Optional[Path] = None):
        self.folder = tempfile.TemporaryDirectory()
        self.port_file = Path(self.folder.name) / "port"
        self.request_log = Path(self.folder.name) / "requests.jsonl"
        self.api_key = api_key
        source = ["--serve-compiled", str(compiled)] if compiled else ["--schema", str(schema)]
        command = [sys.executable, str(EMULATOR_DIR / "appsync_emulator.py"), *source,
                   "--port-file", str(self.port_file), "--request-log", str(self.request_log), *options]
        if api_key:
            command += ["--api-key", api_key]
        self.stderr = open(Path(self.folder.name) / "stderr", "w+")
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=self.stderr)
        self.port = self._wait_for_port()
        self.url = f"http://127.0.0.1:{self.port}/graphql"

    def _wait_for_port(self) -> int:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.port_file.exists():
                return int(self.port_file.read_text())
            if self.process.poll() is not None:
                self.stderr.seek(0)
                raise RuntimeError(f"emulator exited: {self.stderr.read()}")
            time.sleep(0.05)
        raise RuntimeError("emulator did not write its port file")

    def post(self, body: bytes, headers: Optional[dict] = None, path: str = "/graphql",
             method: str = "POST") -> Reply:
        url = f"http://127.0.0.1:{self.port}{path}"
        request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                return Reply(response.status, {k.lower(): v for k, v in response.headers.items()}, response.read())
        except urllib.error.HTTPError as error:
            return Reply(error.code, {k.lower(): v for k, v in error.headers.items()}, error.read())

    def auth_headers(self) -> dict:
        return {"x-api-key": self.api_key} if self.api_key else {}

    def request(self, query: str, variables: Optional[dict] = None, headers: Optional[dict] = None) -> Reply:
        body = json.dumps({"query": query, "variables": variables}).encode()
        all_headers = {"content-type": "application/json", **self.auth_headers(), **(headers or {})}
        return self.post(body, all_headers)

    def graphql(self, query: str, variables: Optional[dict] = None) -> dict:
        """POST a GraphQL request with the API key; expect HTTP 200 and return the JSON."""
        reply = self.request(query, variables)
        if reply.status != 200:
            raise AssertionError(f"HTTP {reply.status}: {reply.body!r}")
        return reply.json

    def logged_requests(self) -> list[dict]:
        if not self.request_log.exists():
            return []
        return [json.loads(line) for line in self.request_log.read_text().splitlines()]

    def stop(self) -> int:
        self.process.terminate()
        code = self.process.wait(timeout=20)
        self.stderr.close()
        self.folder.cleanup()
        return code


V1_MODULES = Path(os.environ.get("GQLPATCH_V1_TRANSFORMER")
                  or REPO_ROOT / ".venv" / "v1-transformer" / "package" / "node_modules")


def compile_v1(source: str, folder: Path) -> Path:
    """Compiles a v1 source schema with the real v1 transformer (`make v1-transformer` unpacks it);
    returns the path of compile.js's JSON output, as `--serve-compiled` reads it."""
    if not (V1_MODULES / "graphql-transformer-core" / "package.json").exists():
        raise AssertionError(f"the real v1 transformer is not unpacked in {V1_MODULES} (run make v1-transformer)")
    schema = folder / "schema.graphql"
    schema.write_text(source)
    result = subprocess.run(["node", str(REPO_ROOT / "Tests" / "V1Transformer" / "compile.js"),
                             "--modules", str(V1_MODULES), "--schema", str(schema)],
                            capture_output=True, text=True, timeout=120, check=True)
    output = folder / "compiled.json"
    output.write_text(result.stdout)
    return output


def run_cli(*arguments: str) -> subprocess.CompletedProcess:
    """Run the emulator's command line to completion (for --print-schema and errors)."""
    return subprocess.run([sys.executable, str(EMULATOR_DIR / "appsync_emulator.py"), *arguments],
                          capture_output=True, text=True, timeout=60)
