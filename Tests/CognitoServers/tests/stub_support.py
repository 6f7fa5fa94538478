"""Starts the user-pool stub on a free loopback port, for its own tests and the emulator's."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import boto3
from botocore.config import Config

STUB_DIR = Path(__file__).resolve().parent.parent


class StubProcess:
    """user_pool_stub.py as a child process; `READY <port>` on its stdout says it listens."""

    def __init__(self, pool_id: str, *arguments: str):
        self.pool_id = pool_id
        self.process = subprocess.Popen(
            [sys.executable, str(STUB_DIR / "user_pool_stub.py"), "--pool-id", pool_id, *arguments],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("READY "):
            self.process.kill()
            self.process.wait()
            raise RuntimeError(f"the user-pool stub did not start: {line!r}")
        self.port = int(line.split()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.issuer = f"{self.url}/{pool_id}"
        self.jwks_url = f"{self.issuer}/.well-known/jwks.json"

    def client(self):
        """A boto3 cognito-idp client for the stub (dummy credentials: the sign-in calls are unsigned)."""
        return boto3.client("cognito-idp", region_name=self.pool_id.split("_")[0], endpoint_url=self.url,
                            aws_access_key_id="x", aws_secret_access_key="x",
                            config=Config(retries={"max_attempts": 1}))

    def get(self, path: str):
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.load(response)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.process.stdout.close()
