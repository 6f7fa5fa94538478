"""moto's cognito-identity on a free loopback port, for gqlpatch's identity-pool tests.

moto (pinned in requirements.txt) serves GetId and GetCredentialsForIdentity. Two checks the real
service makes and moto 5.2.5 does not are added in front of it, with the real service's error shapes:

* GetId for a pool that does not exist: HTTP 400 ``ResourceNotFoundException`` (moto answers 500);
* GetId without ``Logins`` on a pool whose ``AllowUnauthenticatedIdentities`` is false: HTTP 400
  ``NotAuthorizedException`` "Unauthenticated access is not supported for this identity pool."
  (moto hands out an identity anyway);
* GetCredentialsForIdentity for an identity this server's GetId never made: HTTP 400
  ``ResourceNotFoundException`` "Identity 'ID' not found." (moto hands out credentials for any id), as
  the real service answers for an identity it deleted, so a kept id of an earlier run can be tested.

``--pool NAME:guest`` / ``--pool NAME:no-guest`` creates identity pools through the service's own
API (``CreateIdentityPool`` over HTTP) once it listens; their ids are written to ``--pools-file`` as
a JSON object (name -> id) before the port is written to ``--port-file``. Every request is appended
to ``--log`` as one JSON line (``target``, ``body`` as sent, the answer's ``status``).
"""

import argparse
import json
import os
import signal
import sys
import threading
import urllib.request

from moto.cognitoidentity.models import cognitoidentity_backends
from moto.core import DEFAULT_ACCOUNT_ID
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app
from werkzeug.serving import make_server

TARGET_PREFIX = "AWSCognitoIdentityService."


class Checks:
    """The WSGI app in front of moto: logs each request and makes GetId's two missing checks."""

    def __init__(self, app, log_path: str):
        self.app = app
        self.log_path = log_path
        self.lock = threading.Lock()
        self.issued: set[str] = set()

    def __call__(self, environ, start_response):
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length else b""
        environ["wsgi.input"] = _Replay(body)
        target = environ.get("HTTP_X_AMZ_TARGET", "")
        refusal = self.refusal(target, body)
        status_holder = {}

        def recording_start(status, headers, exc_info=None):
            status_holder["status"] = int(status.split(" ", 1)[0])
            return start_response(status, headers, exc_info)

        if refusal is not None:
            code, message = refusal
            payload = json.dumps({"__type": code, "message": message}).encode()
            recording_start("400 Bad Request", [("Content-Type", "application/x-amz-json-1.1"),
                                                ("Content-Length", str(len(payload)))])
            result = [payload]
        else:
            result = list(self.app(environ, recording_start))
            if target == TARGET_PREFIX + "GetId" and status_holder.get("status") == 200:
                try:
                    issued = json.loads(b"".join(result)).get("IdentityId")
                except ValueError:
                    issued = None
                if issued:
                    with self.lock:
                        self.issued.add(issued)
        with self.lock, open(self.log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"target": target, "body": body.decode("utf-8", "replace"),
                                  "status": status_holder.get("status")}) + "\n")
        return result

    def refusal(self, target: str, body: bytes):
        if target not in (TARGET_PREFIX + "GetId", TARGET_PREFIX + "GetCredentialsForIdentity"):
            return None
        try:
            request = json.loads(body or b"{}")
        except ValueError:
            return None
        if target == TARGET_PREFIX + "GetCredentialsForIdentity":
            identity = request.get("IdentityId", "")
            with self.lock:
                known = identity in self.issued
            return None if known else ("ResourceNotFoundException", f"Identity '{identity}' not found.")
        pool_id = request.get("IdentityPoolId", "")
        region = pool_id.split(":", 1)[0]
        pool = cognitoidentity_backends[DEFAULT_ACCOUNT_ID][region].identity_pools.get(pool_id) if region else None
        if pool is None:
            return "ResourceNotFoundException", f"IdentityPool '{pool_id}' not found."
        if not request.get("Logins") and not pool.allow_unauthenticated_identities:
            return "NotAuthorizedException", "Unauthenticated access is not supported for this identity pool."
        return None


class _Replay:
    """A request body read once by the checks and again by moto."""

    def __init__(self, data: bytes):
        self.data = data
        self.offset = 0

    def read(self, size: int = -1) -> bytes:
        end = len(self.data) if size is None or size < 0 else min(len(self.data), self.offset + size)
        chunk = self.data[self.offset:end]
        self.offset = end
        return chunk

    def readline(self, size: int = -1) -> bytes:
        return self.read(size)


def create_pool(port: int, name: str, guest: bool) -> str:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/",
        data=json.dumps({"IdentityPoolName": name, "AllowUnauthenticatedIdentities": guest}).encode(),
        headers={"Content-Type": "application/x-amz-json-1.1", "X-Amz-Target": TARGET_PREFIX + "CreateIdentityPool"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())["IdentityPoolId"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--pools-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--pool", action="append", default=[], help="NAME:guest or NAME:no-guest")
    options = parser.parse_args()
    open(options.log, "w", encoding="utf-8").close()
    app = Checks(DomainDispatcherApplication(create_backend_app), options.log)
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=MotoRequestHandler)
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    pools = {}
    for spec in options.pool:
        name, _, kind = spec.partition(":")
        if kind not in ("guest", "no-guest"):
            raise SystemExit(f"--pool expects NAME:guest or NAME:no-guest, got '{spec}'")
        pools[name] = create_pool(port, name, kind == "guest")
    # The pools' creation is not one of the test's requests.
    open(options.log, "w", encoding="utf-8").close()
    with open(options.pools_file + ".tmp", "w", encoding="utf-8") as file:
        json.dump(pools, file)
    os.replace(options.pools_file + ".tmp", options.pools_file)
    with open(options.port_file + ".tmp", "w", encoding="utf-8") as file:
        file.write(str(port))
    os.replace(options.port_file + ".tmp", options.port_file)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
