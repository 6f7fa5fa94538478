"""The HTTP side of the emulator: authorization, injected faults, request log, transport.

`Emulator.handle` turns one received request into a `Response` (or a dropped
connection); `Handler` only moves bytes. The server binds 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import hmac
import json
import logging
import random
import re
import socket
import ssl
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Optional
from unittest import mock
from urllib.parse import urlsplit

import botocore.auth
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

from executor import Executor, MalformedRequest
from user_pool_tokens import UserPoolTokens

log = logging.getLogger("appsync-emulator")

MAX_CLOCK_SKEW = datetime.timedelta(minutes=5)
SIGV4_TIME_FORMAT = "%Y%m%dT%H%M%SZ"


# --- responses ------------------------------------------------------------------------------------

@dataclass
class Response:
    """What to send back: status, extra headers and a body (None = drop the connection)."""

    status: Optional[int]
    body: Optional[bytes] = None
    headers: dict[str, str] = field(default_factory=dict)
    content_type: str = "application/json; charset=UTF-8"
    fault: Optional[str] = None


def json_response(status: int, payload: Any, headers: Optional[dict] = None, fault: Optional[str] = None) -> Response:
    return Response(status, json.dumps(payload).encode(), headers or {}, fault=fault)


def error_response(status: int, error_type: str, message: str, fault: Optional[str] = None,
                   headers: Optional[dict] = None) -> Response:
    """`{"errors":[{"errorType":..., "message":...}]}` with the `x-amzn-ErrorType` header."""
    all_headers = {"x-amzn-ErrorType": error_type, **(headers or {})}
    return json_response(status, {"errors": [{"errorType": error_type, "message": message}]}, all_headers, fault)


# --- authorization --------------------------------------------------------------------------------

@dataclass(frozen=True)
class IamCredential:
    """An IAM identity the emulator accepts (from `--iam KEY:SECRET:REGION[:TOKEN]`)."""

    access_key: str
    secret_key: str
    region: str
    session_token: Optional[str] = None

    @staticmethod
    def parse(text: str) -> "IamCredential":
        parts = text.split(":", 3)
        if len(parts) < 3 or not all(parts[:3]):
            raise ValueError(f"--iam expects ACCESS_KEY:SECRET:REGION[:SESSION_TOKEN], got '{text}'")
        return IamCredential(parts[0], parts[1], parts[2], parts[3] if len(parts) == 4 else None)


UNAUTHORIZED = "Valid authorization header not provided."

AUTH_HEADER = re.compile(r"^AWS4-HMAC-SHA256\s+Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),"
                         r"\s*Signature=([0-9a-f]{64})$")

_signing_lock = threading.Lock()


class Authorizer:
    """Admits a request if ANY configured mode accepts it; with no mode configured, all are admitted."""

    def __init__(self, api_key: Optional[str] = None, tokens: tuple[str, ...] = (),
                 iam: tuple[IamCredential, ...] = (), user_pool: Optional[UserPoolTokens] = None):
        self.api_key = api_key
        self.tokens = set(tokens)
        self.iam = {c.access_key: c for c in iam}
        self.user_pool = user_pool

    @property
    def configured(self) -> bool:
        return bool(self.api_key or self.tokens or self.iam or self.user_pool)

    def admits(self, method: str, path: str, headers: dict[str, str], body: bytes) -> bool:
        return self.refusal(method, path, headers, body) is None

    def refusal(self, method: str, path: str, headers: dict[str, str],
                body: bytes) -> Optional[tuple[int, str, str]]:
        """None when a configured mode admits the request, else the (status, errorType, message) of
        the service's refusal: a 401 UnauthorizedException, or for a SigV4 request the 403 (or 400)
        that AWS's front end answers a bad signature or credential with."""
        if not self.configured:
            return None
        if self.api_key and headers.get("x-api-key") == self.api_key:
            return None
        authorization = headers.get("authorization", "")
        if authorization and authorization in self.tokens:
            return None
        if self.iam and authorization.startswith("AWS4-HMAC-SHA256"):
            return self._sigv4_refusal(method, path, headers, body)
        if self.user_pool and UserPoolTokens.looks_like_jwt(authorization):
            message = self.user_pool.refusal(authorization)
            return None if message is None else (401, "UnauthorizedException", message)
        return (401, "UnauthorizedException", UNAUTHORIZED)

    def _sigv4_refusal(self, method: str, path: str, headers: dict[str, str],
                       body: bytes) -> Optional[tuple[int, str, str]]:
        """The refusal AWS gives a SigV4 request (aws-sdk and AppSync issue threads; the exact
        texts of the signing errors AWS documents), or None when the signature is good."""
        match = AUTH_HEADER.match(headers["authorization"].strip())
        if match is None:
            return (403, "IncompleteSignatureException",
                    "Authorization header requires 'Credential' parameter. Authorization header requires "
                    "'Signature' parameter. Authorization header requires 'SignedHeaders' parameter.")
        scope, signed_headers, signature = match.groups()
        scope_parts = scope.split("/")
        if len(scope_parts) != 5:
            return (403, "IncompleteSignatureException", f"Credential should be scoped to a valid region. ")
        access_key, day, region, service, terminator = scope_parts
        credential = self.iam.get(access_key)
        if credential is None:
            return (403, "UnrecognizedClientException", "The security token included in the request is invalid.")
        if (region, service, terminator) != (credential.region, "appsync", "aws4_request"):
            return (403, "InvalidSignatureException",
                    f"Credential should be scoped to a valid region, not '{region}'. ")
        amz_date = headers.get("x-amz-date", "")
        if not self._fresh(amz_date) or not amz_date.startswith(day):
            now = datetime.datetime.now(datetime.timezone.utc).strftime(SIGV4_TIME_FORMAT)
            return (403, "InvalidSignatureException",
                    f"Signature expired: {amz_date} is now earlier than {now} - 5 min.")
        if headers.get("x-amz-security-token") != credential.session_token:
            return (403, "UnrecognizedClientException", "The security token included in the request is invalid.")
        content_hash = headers.get("x-amz-content-sha256")
        expected = self._expected_authorization(credential, method, path, headers, body, signed_headers, amz_date)
        if (content_hash is not None and content_hash != hashlib.sha256(body).hexdigest()) or expected is None \
                or not hmac.compare_digest(expected, f"{signed_headers}:{signature}"):
            # Captured from the service as a 400 (awslabs/aws-mobile-appsync-sdk-js#561).
            return (400, "BadRequestException",
                    "The request signature we calculated does not match the signature you provided. Check your "
                    "AWS Secret Access Key and signing method. Consult the service documentation for details.")
        return None

    @staticmethod
    def _fresh(amz_date: str) -> bool:
        try:
            stamp = datetime.datetime.strptime(amz_date, SIGV4_TIME_FORMAT).replace(tzinfo=datetime.timezone.utc)
        except ValueError:
            return False
        return abs(datetime.datetime.now(datetime.timezone.utc) - stamp) <= MAX_CLOCK_SKEW

    @staticmethod
    def _expected_authorization(credential: IamCredential, method: str, path: str, headers: dict[str, str],
                                body: bytes, signed_headers: str, amz_date: str) -> Optional[str]:
        """Re-sign the received request with botocore, the clock frozen at its X-Amz-Date.

        Returns "signedHeaders:signature" as botocore computes them.
        """
        names = signed_headers.split(";")
        if "host" not in names or any(name not in headers for name in names):
            return None
        request = AWSRequest(method=method, url=f"http://{headers['host']}{path}", data=body,
                             headers={name: headers[name] for name in names})
        signer = SigV4Auth(Credentials(credential.access_key, credential.secret_key, credential.session_token),
                           "appsync", credential.region)
        frozen = datetime.datetime.strptime(amz_date, SIGV4_TIME_FORMAT)
        with _signing_lock, mock.patch.object(botocore.auth, "get_current_datetime", lambda: frozen):
            signer.add_auth(request)
        resigned = AUTH_HEADER.match(request.headers["Authorization"])
        return f"{resigned.group(2)}:{resigned.group(3)}" if resigned else None


# --- faults ---------------------------------------------------------------------------------------

FAIL_HTML = b"<html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>"

# A load balancer's page for a request whose answer did not come back in time (the request may
# have run): the shape of the gateway pages CloudFront and ALBs serve.
GATEWAY_TIMEOUT_HTML = (b"<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n"
                        b"<center><h1>504 Gateway Time-out</h1></center>\r\n</body>\r\n</html>\r\n")

# DynamoDB's throttling as AppSync reports it inside a 200 (the AppSync developer guide's batch
# resolver tutorial shows the errorType and the message).
DYNAMO_THROTTLE_MESSAGE = ("You exceeded your maximum allowed provisioned throughput for a table or for one or more "
                           "global secondary indexes. (Service: DynamoDb, Status Code: 400, Request ID: "
                           "0JGFLU3A6LL4TQ5ASLNI3ENHJ7VV4KQNSO5AEMVJF66Q9ASUAAJG)")


def dynamo_throttled(body: bytes) -> Response:
    """A 200 whose root field is null with DynamoDB's throttling error: nothing was executed."""
    root = "unknown"
    try:
        from graphql import parse as parse_document
        document = parse_document(json.loads(body)["query"])
        for definition in document.definitions:
            selections = getattr(getattr(definition, "selection_set", None), "selections", None)
            if selections:
                first = selections[0]
                root = (first.alias or first.name).value
                break
    except Exception:  # an unparsable request gets the throttle all the same
        pass
    return json_response(200, {"data": {root: None}, "errors": [{
        "path": [root], "data": None, "errorType": "DynamoDB:ProvisionedThroughputExceededException",
        "errorInfo": None, "locations": [{"line": 1, "column": 1, "sourceName": None}],
        "message": DYNAMO_THROTTLE_MESSAGE}]}, fault="dynamo-throttle")


# An API with IntrospectionConfig DISABLED refuses __schema and __type through the GraphQL endpoint
# (AppSync API reference, GraphqlApi.introspectionConfig); the exact text AppSync answers is not
# published, so this one is ours, in the shape of its validation errors.
INTROSPECTION_DISABLED = {"data": None, "errors": [{
    "path": None, "locations": None, "errorType": "ValidationError",
    "message": "Validation error: introspection is disabled for this API (__schema, __type)"}]}


def introspects(body: bytes) -> bool:
    """Whether the request selects __schema or __type anywhere."""
    try:
        from graphql import parse as parse_document, visit, Visitor
        document = parse_document(json.loads(body)["query"])
    except Exception:  # the executor words what cannot be read
        return False
    found = []

    class Finder(Visitor):
        def enter_field(self, node, *_):
            if node.name.value in ("__schema", "__type"):
                found.append(node.name.value)

    visit(document, Finder())
    return bool(found)


class Faults:
    """Seeded fault injection: one draw per request decides drop, fail, throttle or none."""

    def __init__(self, latency_ms: int = 0, fail_rate: float = 0.0, throttle_rate: float = 0.0,
                 drop_rate: float = 0.0, seed: Optional[int] = None, dynamo_throttle_rate: float = 0.0):
        self.latency = latency_ms / 1000.0
        # The last is drawn after the others, so a seeded run's other faults fall where they did.
        self.rates = [("drop", drop_rate), ("fail", fail_rate), ("throttle", throttle_rate),
                      ("dynamo-throttle", dynamo_throttle_rate)]
        self._random = random.Random(seed)
        self._lock = threading.Lock()

    def draw(self) -> tuple[Optional[str], float]:
        """(fault or None, a second uniform number for the fault's details)."""
        with self._lock:
            roll, detail = self._random.random(), self._random.random()
        threshold = 0.0
        for name, rate in self.rates:
            threshold += rate
            if roll < threshold:
                return name, detail
        return None, detail

    @staticmethod
    def response(fault: str, detail: float) -> Response:
        if fault == "drop":
            return Response(None, fault="drop")
        if fault == "dynamo-throttle":
            raise AssertionError("answered by the Emulator, which knows the request's root field")
        if fault == "throttle":
            # The exact 429 body of AppSync is not documented: this errorType is a guess.
            return error_response(429, "TooManyRequestsException", "Rate exceeded", fault="throttle",
                                  headers={"Retry-After": "1"})
        if detail < 0.5:
            return Response(500, FAIL_HTML, content_type="text/html", fault="fail")
        return error_response(500, "InternalFailure", "An internal failure occurred.", fault="fail")


class TokenBucket:
    """--bucket RATE:BURST: RATE tokens a second, at most BURST; a request finding none is throttled
    (HTTP 429, no Retry-After, as AppSync answers a backfill that runs faster than its capacity)."""

    def __init__(self, rate: float, burst: float, clock=time.monotonic):
        self.rate, self.burst, self._clock = rate, burst, clock
        self._tokens, self._time = burst, clock()
        self._lock = threading.Lock()

    @staticmethod
    def parse(text: str) -> "TokenBucket":
        rate, separator, burst = text.partition(":")
        try:
            bucket = TokenBucket(float(rate), float(burst)) if separator else None
        except ValueError:
            bucket = None
        if bucket is None or not (bucket.rate > 0 and bucket.burst >= 1):
            raise argparse.ArgumentTypeError(f"expected RATE:BURST (for example 100:20), got {text!r}")
        return bucket

    def take(self) -> bool:
        with self._lock:
            now = self._clock()
            self._tokens = min(self.burst, self._tokens + (now - self._time) * self.rate)
            self._time = now
            if self._tokens < 1:
                return False
            self._tokens -= 1
            return True


# --- request log ----------------------------------------------------------------------------------

class RequestLog:
    """Appends one JSON line per received request, flushed at once."""

    def __init__(self, path: Optional[str], times: bool = False):
        self._file = open(path, "a", encoding="utf-8") if path else None
        # --log-times: each entry's arrival, seconds on a steady clock ("at"), to measure rates by.
        self.times = times
        self._lock = threading.Lock()

    def write(self, method: str, path: str, headers: dict[str, str], body: bytes, response: Response) -> None:
        self.write_entry({"method": method, "path": path, "headers": headers, "body": _logged_body(body),
                          "status": response.status, "fault": response.fault})

    def write_entry(self, entry: dict) -> None:
        """One line as it is: the real-time endpoint's entries (`"realtime": kind`) come this way.
        Like the HTTP entries, they keep the headers (and authorization objects) as received."""
        if self._file is None:
            return
        if self.times:
            entry = {**entry, "at": time.monotonic()}
        with self._lock:
            self._file.write(json.dumps(entry) + "\n")
            self._file.flush()

    def close(self) -> None:
        if self._file:
            self._file.close()


def _logged_body(body: bytes) -> Any:
    text = body.decode("utf-8", errors="replace")
    try:
        return json.loads(text)
    except ValueError:
        return text


# --- the application ------------------------------------------------------------------------------

class Emulator:
    """Decides the response to one HTTP request."""

    def __init__(self, executor: Executor, authorizer: Authorizer, faults: Faults, request_log: RequestLog,
                 drop_responses: frozenset[int] = frozenset(), writes_after: Optional[dict[int, list]] = None,
                 fail_requests: frozenset[int] = frozenset(), bucket: Optional[TokenBucket] = None,
                 gateway_after: frozenset[int] = frozenset(), realtime=None, control_plane=None,
                 introspection: bool = True):
        self.executor = executor
        # control_plane.ControlPlane: /v1/apis/... answered as AppSync's control plane (--control-plane-api-id).
        self.control_plane = control_plane
        # --introspection disabled: __schema and __type refused, as an API with IntrospectionConfig DISABLED.
        self.introspection = introspection
        # The real-time endpoint (realtime.Realtime), served by the Handler on /graphql/realtime.
        self.realtime = realtime
        # --gateway-after-execute N: the Nth executed GraphQL request runs, then is answered with a
        # gateway's HTML 504 (a write that happened, answered as if it had not come back).
        self.gateway_after = gateway_after
        # --bucket RATE:BURST: a token bucket in front of every POST (429 beyond it).
        self.bucket = bucket
        self.authorizer = authorizer
        self.faults = faults
        self.request_log = request_log
        # --drop-response N: the Nth executed GraphQL request (1-based) runs, then its connection is
        # dropped without an answer (a response lost after the write happened).
        self.drop_responses = drop_responses
        # --write-after N:BODY: another writer's request, executed right after the Nth GraphQL request (a
        # change that lands between a client's read and its write). Not logged.
        self.writes_after = writes_after or {}
        # --fail-request N: the Nth POST to /graphql (1-based, every one counted) is answered HTTP 500
        # without being executed, as a transient AppSync failure.
        self.fail_requests = fail_requests
        self._posted = 0
        self._executed = 0
        self._count_lock = threading.Lock()

    def handle(self, method: str, path: str, headers: dict[str, str], body: bytes) -> Response:
        response = self._respond(method, path, headers, body)
        response.headers.setdefault("x-amzn-RequestId", str(uuid.uuid4()))
        self.request_log.write(method, path, headers, body, response)
        return response

    def _respond(self, method: str, path: str, headers: dict[str, str], body: bytes) -> Response:
        if self.control_plane is not None and self.control_plane.handles(path):
            return self.control_plane.respond(method, path, headers, body)
        if urlsplit(path).path != "/graphql":
            return error_response(404, "NotFoundException", "Not Found")
        if method != "POST":
            return error_response(405, "MethodNotAllowedException", "Only POST is served.",
                                  headers={"Allow": "POST"})
        with self._count_lock:
            self._posted += 1
            fail = self._posted in self.fail_requests
        if fail:
            return error_response(500, "InternalFailure", "An internal failure occurred.", fault="fail")
        fault, detail = self.faults.draw()
        if fault == "dynamo-throttle":
            return dynamo_throttled(body)
        if fault:
            return self.faults.response(fault, detail)
        if self.bucket and not self.bucket.take():
            return error_response(429, "TooManyRequestsException", "Rate exceeded", fault="bucket")
        refusal = self.authorizer.refusal(method, path, headers, body)
        if refusal is not None:
            return error_response(*refusal)
        if not body.strip():
            return error_response(400, "MalformedHttpRequestException", "Request body is empty.")
        if not self.introspection and introspects(body):
            return json_response(200, INTROSPECTION_DISABLED)
        try:
            payload = self.executor.run(json.loads(body))
        except (ValueError, MalformedRequest):
            return error_response(400, "MalformedHttpRequestException", "Unable to parse GraphQL query.")
        with self._count_lock:
            self._executed += 1
            drop = self._executed in self.drop_responses
            gateway = self._executed in self.gateway_after
            writes = self.writes_after.get(self._executed, [])
        for write in writes:
            result = self.executor.run(write)
            if result.get("errors"):
                log.warning("--write-after %d failed: %s", self._executed, result["errors"])
        if drop:
            return Response(None, fault="drop-after-execute")
        if gateway:
            return Response(504, GATEWAY_TIMEOUT_HTML, content_type="text/html", fault="gateway-after-execute")
        return json_response(200, payload)


class Handler(BaseHTTPRequestHandler):
    """Reads a request, asks the Emulator, writes (or drops) the answer."""

    protocol_version = "HTTP/1.1"
    # The status line and headers, then the body, leave in separate writes: with Nagle's algorithm
    # the body waits for the client's (delayed) ACK of the headers, ~40 ms a response on loopback.
    disable_nagle_algorithm = True
    server: "EmulatorServer"

    def _handle(self) -> None:
        realtime = self.server.emulator.realtime
        if realtime is not None and realtime.handles(self.path):
            # The WebSocket takes the connection over: this thread reads it until it closes.
            realtime.serve(self)
            return
        body = self._read_body()
        headers = {name.lower(): value for name, value in self.headers.items()}
        response = self.server.emulator.handle(self.command, self.path, headers, body)
        if self.server.emulator.faults.latency:
            time.sleep(self.server.emulator.faults.latency)
        if response.status is None:
            self._drop()
            return
        self.send_response(response.status)
        self.send_header("Content-Type", response.content_type)
        self.send_header("Content-Length", str(len(response.body or b"")))
        for name, value in response.headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(response.body or b"")

    do_POST = do_GET = do_PUT = do_DELETE = do_PATCH = _handle

    def _read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            return self._read_chunks()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def _read_chunks(self) -> bytes:
        chunks = []
        while True:
            size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                    pass
                return b"".join(chunks)
            chunks.append(self.rfile.read(size))
            self.rfile.readline()

    def _drop(self) -> None:
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (BaseHTTPRequestHandler's name)
        log.info("%s %s", self.address_string(), format % args)


class EmulatorServer(ThreadingHTTPServer):
    """A threading HTTP server on 127.0.0.1 that serves one Emulator."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, port: int, emulator: Emulator, tls: Optional[ssl.SSLContext] = None):
        super().__init__(("127.0.0.1", port), Handler)
        self.emulator = emulator
        self.tls = tls

    def get_request(self):
        """Accepts a connection; with TLS, wrapped so that the handshake happens in the handler's
        thread (on its first read), not in the accepting loop."""
        connection, address = self.socket.accept()
        if self.tls is not None:
            connection = self.tls.wrap_socket(connection, server_side=True, do_handshake_on_connect=False)
        return connection, address

    @property
    def port(self) -> int:
        return self.server_address[1]
