"""Loopback stand-ins for the AWS credential endpoints gqlpatch talks to, for the end-to-end tests.

One server answers all of them (each test starts its own on a free port):

* STS (Query protocol, ``POST /``): ``Action=AssumeRole`` must be SigV4-signed (service ``sts``)
  with the ``--sts-signer`` credentials, checked by re-signing with botocore at the request's
  ``X-Amz-Date``; ``Action=AssumeRoleWithWebIdentity`` must be unsigned and carry the
  ``--web-identity-token``. Both answer the XML of the STS API with the ``--issue`` credentials.
* Container credentials (``GET /creds``): ``Authorization`` must equal ``--container-token``.
* IMDSv2: ``PUT /latest/api/token`` (needs ``x-aws-ec2-metadata-token-ttl-seconds``), then
  ``GET /latest/meta-data/iam/security-credentials/`` and ``…/<role>`` with
  ``x-aws-ec2-metadata-token``.

Every request is appended to ``--log`` as one JSON line: method, path, headers (lower-cased names),
body text, the answer's status and ``check`` (why it was accepted or refused).

``--send-signed URL`` instead signs one GraphQL POST with botocore (service ``appsync``) at a given
``X-Amz-Date`` and prints the HTTP status it gets back (for the clock-skew test of the emulator).
"""

import argparse
import datetime
import hmac
import json
import os
import re
import secrets
import signal
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Optional
from unittest import mock

import botocore.auth
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

SIGV4_TIME_FORMAT = "%Y%m%dT%H%M%SZ"
AUTH_HEADER = re.compile(r"^AWS4-HMAC-SHA256\s+Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),"
                         r"\s*Signature=([0-9a-f]{64})$")
STS_NAMESPACE = "https://sts.amazonaws.com/doc/2011-06-15/"
_signing_lock = threading.Lock()


def split_credentials(text: str, minimum: int) -> tuple[str, str, Optional[str]]:
    parts = text.split(":", 2)
    if len(parts) < minimum or not all(parts[:2]):
        raise SystemExit(f"expected KEY:SECRET[:TOKEN], got '{text}'")
    return parts[0], parts[1], parts[2] if len(parts) == 3 and parts[2] else None


def resign(credentials: Credentials, service: str, region: str, method: str, url: str,
           headers: dict[str, str], signed_headers: str, body: bytes, amz_date: str) -> Optional[str]:
    """botocore's `SignedHeaders=…, Signature=…` for the request, the clock frozen at `amz_date`."""
    names = signed_headers.split(";")
    if "host" not in names or any(name not in headers for name in names):
        return None
    request = AWSRequest(method=method, url=url, data=body, headers={name: headers[name] for name in names})
    frozen = datetime.datetime.strptime(amz_date, SIGV4_TIME_FORMAT)
    with _signing_lock, mock.patch.object(botocore.auth, "get_current_datetime", lambda: frozen):
        SigV4Auth(credentials, service, region).add_auth(request)
    match = AUTH_HEADER.match(request.headers["Authorization"])
    return f"{match.group(2)}:{match.group(3)}" if match else None


class Stub:
    def __init__(self, options: argparse.Namespace):
        self.issue = split_credentials(options.issue, 3)
        self.sts_signer = split_credentials(options.sts_signer, 2) if options.sts_signer else None
        self.web_identity_token = options.web_identity_token
        self.container_token = options.container_token
        self.imds_role = options.imds_role
        self.expiration = (datetime.datetime.now(datetime.timezone.utc)
                           + datetime.timedelta(seconds=options.expiration_seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")
        self.imds_tokens: set[str] = set()
        self.log_lock = threading.Lock()
        self.log = open(options.log, "a", encoding="utf-8")

    def record(self, method: str, path: str, headers: dict[str, str], body: bytes, status: int, check: str) -> None:
        entry = {"method": method, "path": path, "headers": headers, "body": body.decode("utf-8", "replace"),
                 "status": status, "check": check}
        with self.log_lock:
            self.log.write(json.dumps(entry) + "\n")
            self.log.flush()

    # --- answers: (status, content type, body, check) ---

    def answer(self, method: str, path: str, headers: dict[str, str], body: bytes) -> tuple[int, str, bytes, str]:
        if method == "POST" and path == "/":
            return self.sts(headers, body)
        if method == "GET" and path == "/creds":
            return self.container(headers)
        if path.startswith("/latest/"):
            return self.imds(method, path, headers)
        return 404, "text/plain", b"not found", "unknown path"

    def credentials_json(self, token_key: str = "Token") -> dict:
        key, secret, token = self.issue
        return {"AccessKeyId": key, "SecretAccessKey": secret, token_key: token, "Expiration": self.expiration}

    def sts(self, headers: dict[str, str], body: bytes) -> tuple[int, str, bytes, str]:
        form = urllib.parse.parse_qs(body.decode("utf-8"), keep_blank_values=True)
        action = form.get("Action", [""])[0]
        if form.get("Version", [""])[0] != "2011-06-15":
            return self.sts_error(400, "InvalidAction", "missing or wrong Version", "bad Version")
        if not form.get("RoleArn", [""])[0] or not form.get("RoleSessionName", [""])[0]:
            return self.sts_error(400, "ValidationError", "RoleArn and RoleSessionName are required", "missing parameter")
        if action == "AssumeRole":
            problem = self.sts_signature_problem(headers, body)
            if problem:
                return self.sts_error(403, "SignatureDoesNotMatch",
                                      "The request signature we calculated does not match the signature you provided.",
                                      problem)
            return self.sts_credentials("AssumeRole", "signature ok")
        if action == "AssumeRoleWithWebIdentity":
            if "authorization" in headers:
                return self.sts_error(400, "InvalidParameterCombination", "web identity must be unsigned", "signed")
            if form.get("WebIdentityToken", [""])[0] != self.web_identity_token:
                return self.sts_error(400, "InvalidIdentityToken", "the web identity token is not valid", "bad token")
            return self.sts_credentials("AssumeRoleWithWebIdentity", "token ok")
        return self.sts_error(400, "InvalidAction", f"unknown action {action}", "unknown action")

    def sts_signature_problem(self, headers: dict[str, str], body: bytes) -> Optional[str]:
        if self.sts_signer is None:
            return "no --sts-signer configured"
        match = AUTH_HEADER.match(headers.get("authorization", "").strip())
        if match is None:
            return "no SigV4 authorization header"
        scope, signed_headers, signature = match.groups()
        parts = scope.split("/")
        if len(parts) != 5 or parts[3] != "sts" or parts[4] != "aws4_request":
            return f"bad scope {scope}"
        key, secret, token = self.sts_signer
        if parts[0] != key:
            return f"signed with key {parts[0]}"
        if headers.get("x-amz-security-token") != token:
            return "wrong or missing x-amz-security-token"
        amz_date = headers.get("x-amz-date", "")
        if not amz_date.startswith(parts[1]):
            return "x-amz-date does not match the scope"
        expected = resign(Credentials(key, secret, token), "sts", parts[2], "POST", f"http://{headers.get('host')}/",
                          headers, signed_headers, body, amz_date)
        if expected is None or not hmac.compare_digest(expected, f"{signed_headers}:{signature}"):
            return "signature mismatch"
        return None

    def sts_credentials(self, action: str, check: str) -> tuple[int, str, bytes, str]:
        key, secret, token = self.issue
        xml = (f'<{action}Response xmlns="{STS_NAMESPACE}"><{action}Result>'
               "<AssumedRoleUser><AssumedRoleId>AROASTUB:e2e</AssumedRoleId>"
               "<Arn>arn:aws:sts::123456789012:assumed-role/e2e/e2e</Arn></AssumedRoleUser>"
               f"<Credentials><AccessKeyId>{key}</AccessKeyId><SecretAccessKey>{secret}</SecretAccessKey>"
               f"<SessionToken>{token}</SessionToken><Expiration>{self.expiration}</Expiration></Credentials>"
               f"</{action}Result><ResponseMetadata><RequestId>stub-1</RequestId></ResponseMetadata>"
               f"</{action}Response>")
        return 200, "text/xml", xml.encode(), check

    @staticmethod
    def sts_error(status: int, code: str, message: str, check: str) -> tuple[int, str, bytes, str]:
        xml = (f'<ErrorResponse xmlns="{STS_NAMESPACE}"><Error><Type>Sender</Type><Code>{code}</Code>'
               f"<Message>{message}</Message></Error><RequestId>stub-1</RequestId></ErrorResponse>")
        return status, "text/xml", xml.encode(), check

    def container(self, headers: dict[str, str]) -> tuple[int, str, bytes, str]:
        if self.container_token is not None and headers.get("authorization") != self.container_token:
            return 401, "application/json", b'{"code":"Unauthorized","message":"bad token"}', "bad token"
        return 200, "application/json", json.dumps(self.credentials_json()).encode(), "token ok"

    def imds(self, method: str, path: str, headers: dict[str, str]) -> tuple[int, str, bytes, str]:
        if self.imds_role is None:
            return 404, "text/plain", b"", "no IMDS configured"
        if path == "/latest/api/token":
            if method != "PUT":
                return 405, "text/plain", b"", "token needs PUT"
            if not headers.get("x-aws-ec2-metadata-token-ttl-seconds", "").isdigit():
                return 400, "text/plain", b"", "no TTL header"
            token = secrets.token_urlsafe(24)
            self.imds_tokens.add(token)
            return 200, "text/plain", token.encode(), "token issued"
        if method != "GET":
            return 405, "text/plain", b"", "metadata needs GET"
        if headers.get("x-aws-ec2-metadata-token") not in self.imds_tokens:
            return 401, "text/plain", b"", "no valid IMDSv2 token"
        prefix = "/latest/meta-data/iam/security-credentials/"
        if path == prefix:
            return 200, "text/plain", self.imds_role.encode(), "role listed"
        if path == prefix + self.imds_role:
            document = {"Code": "Success", "LastUpdated": "2026-01-01T00:00:00Z", "Type": "AWS-HMAC",
                        **self.credentials_json()}
            return 200, "application/json", json.dumps(document).encode(), "credentials"
        return 404, "text/plain", b"", "unknown metadata path"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def handle_any(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        headers = {name.lower(): value for name, value in self.headers.items()}
        stub: Stub = self.server.stub
        status, content_type, payload, check = stub.answer(self.command, self.path, headers, body)
        stub.record(self.command, self.path, headers, body, status, check)
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    do_GET = do_PUT = do_POST = handle_any

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (BaseHTTPRequestHandler's name)
        pass


def send_signed(options: argparse.Namespace) -> int:
    """Signs a GraphQL POST for `appsync` at `--amz-date` with botocore and prints the status."""
    key, secret, token = split_credentials(options.credentials, 2)
    body = options.body.encode()
    host = urllib.parse.urlsplit(options.send_signed).netloc
    request = AWSRequest(method="POST", url=options.send_signed, data=body,
                         headers={"Content-Type": "application/json", "Host": host})
    frozen = datetime.datetime.strptime(options.amz_date, SIGV4_TIME_FORMAT)
    with mock.patch.object(botocore.auth, "get_current_datetime", lambda: frozen):
        SigV4Auth(Credentials(key, secret, token), "appsync", options.region).add_auth(request)
    prepared = urllib.request.Request(options.send_signed, data=body, method="POST",
                                      headers=dict(request.headers.items()))
    try:
        with urllib.request.urlopen(prepared, timeout=10) as reply:
            status, text = reply.status, reply.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    print(json.dumps({"status": status, "body": text, "authorization": request.headers["Authorization"]}))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port-file")
    parser.add_argument("--log")
    parser.add_argument("--issue", help="KEY:SECRET:TOKEN handed out by every endpoint")
    parser.add_argument("--sts-signer", help="KEY:SECRET[:TOKEN] AssumeRole must be signed with")
    parser.add_argument("--web-identity-token")
    parser.add_argument("--container-token")
    parser.add_argument("--imds-role")
    parser.add_argument("--expiration-seconds", type=int, default=3600)
    parser.add_argument("--send-signed", metavar="URL")
    parser.add_argument("--credentials", help="KEY:SECRET[:TOKEN] for --send-signed")
    parser.add_argument("--region", default="us-east-1")
    parser.add_argument("--amz-date", help="X-Amz-Date for --send-signed, e.g. 20260101T000000Z")
    parser.add_argument("--body", default='{"query":"{ __typename }"}')
    options = parser.parse_args()
    if options.send_signed:
        return send_signed(options)
    if not (options.port_file and options.log and options.issue):
        parser.error("--port-file, --log and --issue are required")
    # A child of the Swift test process may inherit blocked SIGTERM/SIGINT; unblock them so
    # `Process.terminate()` ends the stub.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.stub = Stub(options)
    temporary = options.port_file + ".tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(str(server.server_address[1]))
    os.replace(temporary, options.port_file)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
