"""The real-time endpoint (/graphql/realtime): AppSync's graphql-ws over WebSocket, against a real emulator.

Most tests drive it with the small stdlib WebSocket client below, which can also break the protocol on
purpose (unmasked or oversized frames); one test uses a client this project did not write, the PyPI
package appsync-ws-client.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import os
import queue
import socket
import struct
import tempfile
import threading
import time
import unittest
from pathlib import Path
from typing import Optional

from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

import support

IAM_KEY, IAM_SECRET, IAM_REGION = "AKIDREALTIME", "realtime-secret", "eu-west-1"
LAMBDA_TOKEN = "lambda-opaque-token"
POOL_ISSUER = "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_RealTime"
POOL_CLIENT = "realtimeclient"

ON_CREATE = "subscription OnCreate($filter: ModelSubscriptionItemFilterInput) { onCreateItem(filter: $filter) { id name description } }"
CREATE = "mutation Create($input: CreateItemInput!) { createItem(input: $input) { id name description } }"
UPDATE = "mutation Update($input: UpdateItemInput!) { updateItem(input: $input) { id name description } }"
DELETE = "mutation Delete($input: DeleteItemInput!) { deleteItem(input: $input) { id name } }"
WAIT = 10.0


# --- a small WebSocket client (RFC 6455, client side) ---------------------------------------------

class Closed(Exception):
    """The server closed: `code` of its close frame, or None when the TCP connection just ended."""

    def __init__(self, code: Optional[int]):
        super().__init__(f"closed ({code})")
        self.code = code


class Client:
    """A WebSocket client that reads its own frames, so a test sees every frame the server sends."""

    def __init__(self, port: int, path: str, protocols: Optional[str] = "graphql-ws",
                 extra_headers: Optional[dict] = None, version: str = "13", upgrade: bool = True):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}"]
        if upgrade:
            lines += ["Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {key}",
                      f"Sec-WebSocket-Version: {version}"]
        if protocols is not None:
            lines.append(f"Sec-WebSocket-Protocol: {protocols}")
        lines += [f"{name}: {value}" for name, value in (extra_headers or {}).items()]
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise AssertionError(f"no handshake answer: {self.buffer!r}")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status_line, *header_lines = head.decode().split("\r\n")
        self.status = int(status_line.split()[1])
        self.headers = {k.strip().lower(): v.strip() for k, v in (h.split(":", 1) for h in header_lines)}
        self.expected_accept = base64.b64encode(
            hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()

    # raw frames

    def send_frame(self, opcode: int, payload: bytes, fin: bool = True, mask: bool = True) -> None:
        head = bytes([(0x80 if fin else 0) | opcode])
        length = len(payload)
        bit = 0x80 if mask else 0
        if length < 126:
            head += bytes([bit | length])
        elif length < 1 << 16:
            head += bytes([bit | 126]) + struct.pack("!H", length)
        else:
            head += bytes([bit | 127]) + struct.pack("!Q", length)
        if mask:
            key = os.urandom(4)
            payload = bytes(b ^ key[i % 4] for i, b in enumerate(payload)) if length < 4096 else \
                (int.from_bytes(payload, "big") ^ int.from_bytes((key * (length // 4 + 1))[:length], "big")
                 ).to_bytes(length, "big")
            head += key
        self.sock.sendall(head + payload)

    def _read(self, count: int) -> bytes:
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Closed(None)
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def read_frame(self, timeout: float = WAIT) -> tuple[int, bytes]:
        """(opcode, payload) of the next frame; a server frame must be final and unmasked here."""
        self.sock.settimeout(timeout)
        first, second = self._read(2)
        if not first & 0x80 or second & 0x80:
            raise AssertionError("the server sent a fragment or a masked frame")
        length = second & 0x7F
        if length == 126:
            length = struct.unpack("!H", self._read(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", self._read(8))[0]
        return first & 0x0F, self._read(length)

    # messages

    def send(self, message: dict) -> None:
        self.send_frame(0x1, json.dumps(message).encode())

    def receive(self, timeout: float = WAIT, keep_alives: bool = False) -> dict:
        """The next graphql-ws message (keep-alives skipped unless asked for); Closed at the end."""
        deadline = time.monotonic() + timeout
        while True:
            opcode, payload = self.read_frame(max(0.01, deadline - time.monotonic()))
            if opcode == 0x8:
                raise Closed(struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005)
            if opcode != 0x1:
                continue
            message = json.loads(payload)
            if message.get("type") == "ka" and not keep_alives:
                continue
            return message

    def quiet_for(self, seconds: float) -> list[dict]:
        """Every message (keep-alives too) that arrives within `seconds`."""
        messages = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                messages.append(self.receive(deadline - time.monotonic(), keep_alives=True))
            except (socket.timeout, TimeoutError):
                break
        return messages

    def end(self, timeout: float = WAIT) -> Optional[int]:
        """Reads to the end of the connection: the code of a close frame, or None for a bare end."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                opcode, payload = self.read_frame(max(0.01, deadline - time.monotonic()))
            except Closed:
                return None
            except ConnectionResetError:
                return None
            if opcode == 0x8:
                return struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005

    def close(self) -> None:
        try:
            self.send_frame(0x8, struct.pack("!H", 1000))
        except OSError:
            pass
        self.sock.close()


def encoded(value: dict, urlsafe: bool = False) -> str:
    raw = json.dumps(value).encode()
    return (base64.urlsafe_b64encode(raw).rstrip(b"=") if urlsafe else base64.b64encode(raw)).decode()


def realtime_path(header: Optional[dict]) -> str:
    query = f"?header={encoded(header)}&payload=e30=" if header is not None else "?payload=e30="
    return "/graphql/realtime" + query


def iam_headers(port: int, path: str, body: bytes, key: str = IAM_KEY, secret: str = IAM_SECRET) -> dict:
    """The headers of a POST to the GraphQL host signed by botocore, as the devguide's IAM objects are."""
    request = AWSRequest(method="POST", url=f"http://127.0.0.1:{port}{path}", data=body, headers={
        "accept": "application/json, text/javascript", "content-encoding": "amz-1.0",
        "content-type": "application/json; charset=UTF-8", "host": f"127.0.0.1:{port}"})
    SigV4Auth(Credentials(key, secret), "appsync", IAM_REGION).add_auth(request)
    return dict(request.headers.items())


class RealtimeCase(unittest.TestCase):
    """A test class with its own emulator; `options` are its flags."""

    options: tuple = ()
    emulator: support.Emulator

    @classmethod
    def setUpClass(cls):
        cls.emulator = support.Emulator(*cls.options)

    @classmethod
    def tearDownClass(cls):
        cls.emulator.stop()

    def setUp(self):
        self.clients: list[Client] = []

    def tearDown(self):
        for client in self.clients:
            client.close()

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.emulator.port}"

    def api_key_auth(self, key: Optional[str] = None) -> dict:
        return {"host": self.host, "x-api-key": key or self.emulator.api_key}

    def open(self, header: Optional[dict] = None, **options) -> Client:
        client = Client(self.emulator.port, realtime_path(header), **options)
        self.clients.append(client)
        return client

    def connect(self, header: Optional[dict] = None) -> Client:
        client = self.open(header if header is not None else self.api_key_auth())
        self.assertEqual(client.status, 101)
        client.send({"type": "connection_init"})
        ack = client.receive()
        self.assertEqual(ack["type"], "connection_ack", ack)
        return client

    @staticmethod
    def start_message(subscription_id: str, query: str, variables: Optional[dict], authorization: dict) -> dict:
        data = json.dumps({"query": query, "variables": variables or {}})
        return {"id": subscription_id, "type": "start",
                "payload": {"data": data, "extensions": {"authorization": authorization}}}

    def start(self, client: Client, subscription_id: str, query: str = ON_CREATE,
              variables: Optional[dict] = None, authorization: Optional[dict] = None) -> dict:
        client.send(self.start_message(subscription_id, query, variables, authorization or self.api_key_auth()))
        return client.receive()

    def started(self, client: Client, subscription_id: str, query: str = ON_CREATE,
                variables: Optional[dict] = None, authorization: Optional[dict] = None) -> None:
        answer = self.start(client, subscription_id, query, variables, authorization)
        self.assertEqual(answer, {"type": "start_ack", "id": subscription_id})

    def create(self, **fields) -> dict:
        response = self.emulator.graphql(CREATE, {"input": fields})
        self.assertNotIn("errors", response)
        return response["data"]["createItem"]

    def data(self, client: Client) -> dict:
        message = client.receive()
        self.assertEqual(message["type"], "data", message)
        return message


# --- the protocol with API key auth ---------------------------------------------------------------

class ProtocolTests(RealtimeCase):
    def test_handshake_answers_with_the_accept_key_and_graphql_ws(self):
        client = self.open(self.api_key_auth())
        self.assertEqual(client.status, 101)
        self.assertEqual(client.headers["sec-websocket-accept"], client.expected_accept)
        self.assertEqual(client.headers["sec-websocket-protocol"], "graphql-ws")
        self.assertEqual(client.headers["upgrade"].lower(), "websocket")

    def test_init_is_acknowledged_with_the_connection_timeout(self):
        client = self.open(self.api_key_auth())
        client.send({"type": "connection_init"})
        self.assertEqual(client.receive(), {"type": "connection_ack", "payload": {"connectionTimeoutMs": 300000}})
        # The devguide's example: a keep-alive follows the acknowledgement.
        self.assertEqual(client.receive(keep_alives=True), {"type": "ka"})

    def test_a_handshake_without_graphql_ws_is_refused(self):
        for protocols in (None, "graphql-transport-ws"):
            client = self.open(self.api_key_auth(), protocols=protocols)
            self.assertEqual(client.status, 400, protocols)

    def test_other_requests_on_the_path_are_refused(self):
        self.assertEqual(self.open(self.api_key_auth(), upgrade=False).status, 400)
        self.assertEqual(self.open(self.api_key_auth(), version="8").status, 426)
        self.assertEqual(self.emulator.post(b"{}", path="/graphql/realtime").status, 405)

    def test_a_start_is_acknowledged_and_a_mutation_becomes_data(self):
        client = self.connect()
        self.started(client, "one")
        item = self.create(name="first", description="d")
        self.assertEqual(self.data(client), {"type": "data", "id": "one", "payload": {"data": {"onCreateItem": item}}})

    def test_updates_and_deletes_reach_their_subscriptions(self):
        client = self.connect()
        self.started(client, "u", "subscription { onUpdateItem { id name } }")
        self.started(client, "d", "subscription { onDeleteItem { id name } }")
        item = self.create(name="before")
        self.emulator.graphql(UPDATE, {"input": {"id": item["id"], "name": "after"}})
        self.emulator.graphql(DELETE, {"input": {"id": item["id"]}})
        self.assertEqual(self.data(client)["payload"], {"data": {"onUpdateItem": {"id": item["id"], "name": "after"}}})
        self.assertEqual(self.data(client)["payload"], {"data": {"onDeleteItem": {"id": item["id"], "name": "after"}}})

    def test_stop_is_answered_complete_and_ends_the_events(self):
        client = self.connect()
        self.started(client, "stopped")
        self.started(client, "kept")
        client.send({"type": "stop", "id": "stopped"})
        self.assertEqual(client.receive(), {"type": "complete", "id": "stopped"})
        item = self.create(name="after stop")
        # Both subscriptions get one event in start order; the stopped one's would come first.
        self.assertEqual(self.data(client), {"type": "data", "id": "kept",
                                             "payload": {"data": {"onCreateItem": item}}})

    def test_the_subscription_selection_applies_to_what_the_mutation_returned(self):
        client = self.connect()
        self.started(client, "narrow", "subscription { onCreateItem { name description tags } }")
        self.started(client, "aliased", "subscription { made: onCreateItem { key: id __typename } }")
        self.started(client, "required", "subscription { onCreateItem { id createdAt } }")
        response = self.emulator.graphql("mutation { createItem(input: {name: \"n\", description: \"d\", "
                                         "tags: [\"t\"]}) { id name } }")
        item_id = response["data"]["createItem"]["id"]
        # description and tags were written but not selected by the mutation: null, as AppSync does.
        self.assertEqual(self.data(client)["payload"],
                         {"data": {"onCreateItem": {"name": "n", "description": None, "tags": None}}})
        self.assertEqual(self.data(client)["payload"],
                         {"data": {"made": {"key": item_id, "__typename": "Item"}}})
        # A non-null field the mutation did not select: the root field is null, with graphql-java's error.
        payload = self.data(client)["payload"]
        self.assertEqual(payload["data"], {"onCreateItem": None})
        self.assertEqual(payload["errors"][0]["message"],
                         "Cannot return null for non-nullable type: 'AWSDateTime' within parent 'Item' "
                         "(/onCreateItem/createdAt)")

    def test_events_follow_commit_order_once_each(self):
        client = self.connect()
        self.started(client, "all", "subscription { onCreateItem { id } }")
        threads = [threading.Thread(target=self.create, kwargs={"name": f"parallel-{n}"}) for n in range(12)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        received = [self.data(client)["payload"]["data"]["onCreateItem"]["id"] for _ in threads]
        # A scan returns insertion order, which is commit order.
        listed = self.emulator.graphql("{ listItems(limit: 1000) { items { id name } } }")["data"]["listItems"]["items"]
        committed = [i["id"] for i in listed if i["name"].startswith("parallel-")]
        self.assertEqual(received, committed)
        self.assertEqual(len(set(received)), len(threads))
        self.assertEqual([m for m in client.quiet_for(0.3) if m["type"] != "ka"], [])

    def test_ping_is_answered_pong_and_fragments_are_reassembled(self):
        client = self.connect()
        text = json.dumps(self.start_message("frag", ON_CREATE, None, self.api_key_auth())).encode()
        client.send_frame(0x1, text[:10], fin=False)
        client.send_frame(0x9, b"are you there")          # a control frame between fragments
        client.send_frame(0x0, text[10:40], fin=False)
        client.send_frame(0x0, text[40:], fin=True)
        frames = []
        while len([f for f in frames if f[0] == 0x1 and b"start_ack" in f[1]]) == 0:
            frames.append(client.read_frame())
        self.assertIn((0xA, b"are you there"), frames)
        self.assertIn((0x1, b'{"type":"start_ack","id":"frag"}'), frames)

    def test_a_client_close_is_answered(self):
        client = self.connect()
        client.send_frame(0x8, struct.pack("!H", 1000) + b"bye")
        self.assertEqual(client.end(), 1000)

    def test_an_oversized_frame_is_refused_with_1009(self):
        client = self.connect()
        client.send_frame(0x1, b" " * (240 * 1024 + 1))
        self.assertEqual(client.end(), 1009)

    def test_an_oversized_message_in_fragments_is_refused_with_1009(self):
        client = self.connect()
        client.send_frame(0x1, b" " * (130 * 1024), fin=False)
        client.send_frame(0x0, b" " * (130 * 1024), fin=True)
        self.assertEqual(client.end(), 1009)

    def test_a_message_at_the_bound_is_read(self):
        client = self.connect()
        start = json.dumps(self.start_message("big", ON_CREATE, None, self.api_key_auth()))
        padded = start[:-1] + "," + json.dumps("pad") + ":" + json.dumps("x" * (240 * 1024 - len(start) - 9)) + "}"
        self.assertEqual(len(padded.encode()), 240 * 1024)
        client.send_frame(0x1, padded.encode())
        self.assertEqual(client.receive(), {"type": "start_ack", "id": "big"})

    def test_an_unmasked_frame_is_refused_with_1002(self):
        client = self.connect()
        client.send_frame(0x1, json.dumps({"type": "connection_init"}).encode(), mask=False)
        self.assertEqual(client.end(), 1002)

    def test_invalid_starts_are_answered_with_an_error(self):
        client = self.connect()
        cases = {
            "unknown-field": "subscription { onCreateNothing { id } }",
            "unknown-selection": "subscription { onCreateItem { id colour } }",
            "not-a-subscription": "query { listItems { items { id } } }",
            "unparsable": "subscription {",
        }
        for subscription_id, query in cases.items():
            answer = self.start(client, subscription_id, query)
            self.assertEqual(answer["type"], "error", subscription_id)
            self.assertEqual(answer["id"], subscription_id)
            self.assertTrue(answer["payload"]["errors"][0]["message"], answer)
        answer = self.start(client, "unknown-selection", "subscription { onCreateItem { id colour } }")
        self.assertEqual(answer["payload"]["errors"],
                         [{"message": "Validation error of type FieldUndefined: Field 'colour' in type 'Item' is undefined"}])
        answer = self.start(client, "bad-variable", ON_CREATE, {"filter": {"name": {"near": "x"}}})
        self.assertEqual(answer["type"], "error")
        # The connection is still usable.
        self.started(client, "fine")

    def test_the_request_log_records_the_real_time_messages(self):
        client = self.connect()
        self.started(client, "logged")
        item = self.create(name="logged")
        self.data(client)
        client.send({"type": "stop", "id": "logged"})
        client.receive()
        client.close()
        mine: list[dict] = []
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline and not any(e["realtime"] == "disconnect" for e in mine):
            time.sleep(0.05)
            entries = [e for e in self.emulator.logged_requests() if "realtime" in e]
            number = next(e["connection"] for e in entries if e["realtime"] == "start" and e["id"] == "logged")
            mine = [e for e in entries if e["connection"] == number]
        kinds = [e["realtime"] for e in mine]
        self.assertEqual(kinds, ["connect", "start", "data", "stop", "disconnect"])
        connect, start, data = mine[0], mine[1], mine[2]
        self.assertEqual(connect["headers"], self.api_key_auth())
        self.assertEqual(start["headers"], self.api_key_auth())
        self.assertEqual(start["answer"], "start_ack")
        self.assertEqual(data["payload"], {"data": {"onCreateItem": item}})

    def test_a_header_in_unescaped_base64_or_in_base64url_is_read(self):
        # ">>>???" makes "+" and "/" in standard base64, which a query parser would spoil ("+" as space).
        header = {**self.api_key_auth(), "x-padding": ">>>???"}
        standard = "/graphql/realtime?header=" + encoded(header) + "&payload=e30="
        self.assertIn("+", encoded(header))
        urlsafe = "/graphql/realtime?header=" + encoded(header, urlsafe=True) + "&payload=e30="
        for path in (standard, urlsafe):
            client = Client(self.emulator.port, path)
            self.clients.append(client)
            client.send({"type": "connection_init"})
            self.assertEqual(client.receive()["type"], "connection_ack", path)

    def test_a_header_as_a_subprotocol_is_read(self):
        client = self.open(None, protocols=f"graphql-ws, header-{encoded(self.api_key_auth(), urlsafe=True)}")
        self.assertEqual(client.headers["sec-websocket-protocol"], "graphql-ws")
        client.send({"type": "connection_init"})
        self.assertEqual(client.receive()["type"], "connection_ack")


# --- authorization --------------------------------------------------------------------------------

def user_pool_files(folder: Path) -> tuple[Path, str, str]:
    """A JWKS file and two RS256 ID tokens of its key: one valid for an hour, one expired."""
    import jwt
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(key.public_key()))
    jwk.update({"kid": "realtime-key", "alg": "RS256", "use": "sig"})
    jwks = folder / "jwks.json"
    jwks.write_text(json.dumps({"keys": [jwk]}))
    now = int(time.time())

    def token(expires: int) -> str:
        claims = {"sub": "alice", "iss": POOL_ISSUER, "aud": POOL_CLIENT, "token_use": "id",
                  "iat": now - 10, "exp": expires}
        return jwt.encode(claims, key, algorithm="RS256", headers={"kid": "realtime-key"})

    return jwks, token(now + 3600), token(now - 60)


class AuthorizationTests(RealtimeCase):
    """Each mode the emulator's Authorizer serves, on the connect and on the start."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        jwks, cls.pool_token, cls.expired_token = user_pool_files(Path(cls.folder.name))
        cls.options = ("--token", LAMBDA_TOKEN, "--iam", f"{IAM_KEY}:{IAM_SECRET}:{IAM_REGION}",
                       "--user-pool-jwks", str(jwks), "--user-pool-issuer", POOL_ISSUER,
                       "--user-pool-client-id", POOL_CLIENT)
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.folder.cleanup()

    def assert_round_trip(self, connect: dict, start_for) -> None:
        """Connects with `connect`, starts with `start_for(data)`, and gets a mutation's event."""
        client = self.connect(connect)
        message = self.start_message("s", ON_CREATE, None, {})
        message["payload"]["extensions"]["authorization"] = start_for(message["payload"]["data"])
        client.send(message)
        self.assertEqual(client.receive(), {"type": "start_ack", "id": "s"})
        item = self.create(name="authorized")
        self.assertEqual(self.data(client)["payload"], {"data": {"onCreateItem": item}})

    def test_api_key(self):
        self.assert_round_trip(self.api_key_auth(), lambda data: self.api_key_auth())

    def test_user_pool_token(self):
        auth = {"host": self.host, "Authorization": self.pool_token}
        self.assert_round_trip(auth, lambda data: auth)

    def test_lambda_token(self):
        auth = {"host": self.host, "Authorization": LAMBDA_TOKEN}
        self.assert_round_trip(auth, lambda data: auth)

    def test_iam_signed_by_botocore(self):
        port = self.emulator.port
        connect = iam_headers(port, "/graphql/connect", b"{}")
        self.assertIn("X-Amz-Date", connect)
        self.assert_round_trip(connect, lambda data: iam_headers(port, "/graphql", data.encode()))

    def assert_connect_refused(self, header: Optional[dict], error: dict) -> None:
        client = self.open(header)
        self.assertEqual(client.status, 101)
        client.send({"type": "connection_init"})
        self.assertEqual(client.receive(), {"type": "connection_error", "payload": {"errors": [error]}})
        self.assertEqual(client.end(), 1000)

    def test_an_unauthorized_connect_gets_connection_error_and_a_close(self):
        refused = {"errorType": "UnauthorizedException", "message": "You are not authorized to make this call.",
                   "errorCode": 401}
        self.assert_connect_refused(self.api_key_auth("wrong-key"), refused)
        self.assert_connect_refused(None, refused)
        self.assert_connect_refused({"host": self.host, "Authorization": "Bearer " + LAMBDA_TOKEN}, refused)
        self.assert_connect_refused({"host": self.host, "Authorization": self.expired_token},
                                    {"errorType": "UnauthorizedException", "message": "Token has expired.",
                                     "errorCode": 401})

    def test_an_iam_connect_signed_for_another_path_or_secret_is_refused(self):
        port = self.emulator.port
        for header in (iam_headers(port, "/graphql", b"{}"),
                       iam_headers(port, "/graphql/connect", b"{}", secret="not-the-secret")):
            client = self.open(header)
            client.send({"type": "connection_init"})
            answer = client.receive()
            self.assertEqual(answer["type"], "connection_error")
            self.assertEqual(answer["payload"]["errors"][0]["errorType"], "BadRequestException")
            self.assertEqual(answer["payload"]["errors"][0]["errorCode"], 400)

    def test_an_unauthorized_start_gets_an_error(self):
        client = self.connect(self.api_key_auth())
        permission_denied = {"type": "error", "id": "x",
                             "payload": {"errors": [{"errorType": "UnauthorizedException",
                                                     "message": "Permission denied"}]}}
        self.assertEqual(self.start(client, "x", authorization=self.api_key_auth("wrong-key")), permission_denied)
        client.send({"id": "x", "type": "start", "payload": {"data": json.dumps({"query": ON_CREATE})}})
        self.assertEqual(client.receive(), permission_denied)
        # IAM: the signature covers the start's data, so a signature of other data is refused.
        message = self.start_message("x", ON_CREATE, None, {})
        message["payload"]["extensions"]["authorization"] = iam_headers(self.emulator.port, "/graphql", b"{}")
        client.send(message)
        answer = client.receive()
        self.assertEqual(answer["type"], "error")
        self.assertEqual(answer["payload"]["errors"][0]["errorType"], "BadRequestException")
        # None of these started anything: an event for "x" would come before this start_ack, or
        # before the event of "after".
        self.create(name="unseen")
        self.started(client, "after")
        item = self.create(name="seen")
        self.assertEqual(self.data(client), {"type": "data", "id": "after", "payload": {"data": {"onCreateItem": item}}})


# --- keep-alives ------------------------------------------------------------------------------------

class KeepAliveTests(RealtimeCase):
    options = ("--realtime-ka-ms", "200")

    def test_keep_alives_come_at_the_interval(self):
        client = self.connect()
        times = []
        deadline = time.monotonic() + 1.3
        while time.monotonic() < deadline:
            message = client.receive(keep_alives=True)
            self.assertEqual(message, {"type": "ka"})
            times.append(time.monotonic())
        gaps = [b - a for a, b in zip(times, times[1:])]
        self.assertGreaterEqual(len(gaps), 4, gaps)
        # On the 200 ms grid: the mean near it, no gap far off (a busy machine may delay one).
        self.assertGreater(sum(gaps) / len(gaps), 0.17, gaps)
        self.assertLess(sum(gaps) / len(gaps), 0.3, gaps)
        self.assertLess(max(gaps), 0.6, gaps)


class WithheldKeepAliveTests(RealtimeCase):
    options = ("--realtime-withhold-ka", "--realtime-ka-ms", "100", "--realtime-connection-timeout-ms", "1500")

    def test_no_keep_alive_comes_but_the_connection_works(self):
        client = self.open(self.api_key_auth())
        client.send({"type": "connection_init"})
        self.assertEqual(client.receive(keep_alives=True),
                         {"type": "connection_ack", "payload": {"connectionTimeoutMs": 1500}})
        self.assertEqual(client.quiet_for(1.0), [])
        self.started(client, "alive")
        item = self.create(name="still served")
        self.assertEqual(client.receive(keep_alives=True)["payload"], {"data": {"onCreateItem": item}})
        self.assertEqual(client.quiet_for(0.5), [])


# --- dropping connections ---------------------------------------------------------------------------

class DropAfterTests(RealtimeCase):
    options = ("--realtime-drop-after", "2")

    def test_each_connection_is_dropped_after_its_second_data_message(self):
        client = self.connect()
        self.started(client, "d")
        items = [self.create(name=f"drop-{n}") for n in range(3)]
        self.assertEqual(self.data(client)["payload"]["data"]["onCreateItem"], items[0])
        self.assertEqual(self.data(client)["payload"]["data"]["onCreateItem"], items[1])
        # No close frame, no third event: the connection just ends.
        self.assertIsNone(client.end())
        # A new connection is served again, and dropped again after two.
        again = self.connect()
        self.started(again, "d")
        later = [self.create(name=f"again-{n}") for n in range(3)]
        self.assertEqual([self.data(again)["payload"]["data"]["onCreateItem"] for _ in range(2)], later[:2])
        self.assertIsNone(again.end())
        drops = [e for e in self.emulator.logged_requests() if e.get("realtime") == "drop"]
        self.assertEqual([d["delivered"] for d in drops], [2, 2])


# --- --write-after ------------------------------------------------------------------------------------

OTHER_WRITER = json.dumps({"query": "mutation { createItem(input: {name: \"other writer\"}) { id name } }"})


class WriteAfterTests(RealtimeCase):
    options = ("--write-after", f"1:{OTHER_WRITER}")

    def test_a_write_after_is_announced(self):
        client = self.connect()
        self.started(client, "w", "subscription { onCreateItem { name } }")
        self.emulator.graphql("{ listItems { items { id } } }")
        self.assertEqual(self.data(client)["payload"], {"data": {"onCreateItem": {"name": "other writer"}}})


# --- filters and arguments --------------------------------------------------------------------------

FILTERS = {
    "eq": ({"name": {"eq": "beta"}}, ["beta"]),
    "ne": ({"name": {"ne": "beta"}}, ["alpha", "gamma"]),
    "in": ({"name": {"in": ["alpha", "gamma"]}}, ["alpha", "gamma"]),
    "notIn": ({"name": {"notIn": ["alpha"]}}, ["beta", "gamma"]),
    "contains": ({"description": {"contains": "e"}}, ["alpha", "beta"]),
    "notContains": ({"description": {"notContains": "u"}}, ["alpha", "gamma"]),
    "beginsWith": ({"name": {"beginsWith": "g"}}, ["gamma"]),
    "between": ({"name": {"between": ["b", "c"]}}, ["beta"]),
    "gt": ({"name": {"gt": "beta"}}, ["gamma"]),
    "ge": ({"name": {"ge": "beta"}}, ["beta", "gamma"]),
    "lt": ({"name": {"lt": "beta"}}, ["alpha"]),
    "le": ({"name": {"le": "beta"}}, ["alpha", "beta"]),
    "or": ({"or": [{"name": {"eq": "alpha"}}, {"description": {"eq": "blue"}}]}, ["alpha", "beta"]),
    "and": ({"and": [{"name": {"ge": "beta"}}, {"name": {"lt": "gamma"}}]}, ["beta"]),
    "none": ({"name": {"eq": "delta"}}, []),
}


class FilterTests(RealtimeCase):
    # The transformer's ModelSubscription*FilterInput has and/or but no `not` (the printed schema).
    def test_filter_arguments_choose_the_events(self):
        client = self.connect()
        for name, (condition, _) in FILTERS.items():
            self.started(client, name, variables={"filter": condition})
        # Started last, with no filter: once it has every event, the others have had theirs.
        self.started(client, "all")
        writes = [{"name": "alpha", "description": "red"}, {"name": "beta", "description": "blue"},
                  {"name": "gamma"}]
        for fields in writes:
            self.create(**fields)
        received: dict[str, list[str]] = {}
        while len(received.get("all", [])) < len(writes):
            message = self.data(client)
            received.setdefault(message["id"], []).append(message["payload"]["data"]["onCreateItem"]["name"])
        for name, (_, expected) in FILTERS.items():
            self.assertEqual(received.get(name, []), expected, name)

    def test_a_filter_sees_only_what_the_mutation_returned(self):
        client = self.connect()
        self.started(client, "red", variables={"filter": {"description": {"eq": "red"}}})
        self.started(client, "all")
        self.emulator.graphql("mutation { createItem(input: {name: \"quiet\", description: \"red\"}) { id name } }")
        self.create(name="loud", description="red")
        messages = [self.data(client) for _ in range(3)]
        self.assertEqual([(m["id"], m["payload"]["data"]["onCreateItem"]["name"]) for m in messages],
                         [("all", "quiet"), ("red", "loud"), ("all", "loud")])


V1_SOURCE = """
type Post @model {
  id: ID!
  title: String!
  owner: String
}
type Subscription {
  onPostOf(owner: String, id: ID): Post @aws_subscribe(mutations: ["createPost", "updatePost"])
}
"""


class ArgumentTests(RealtimeCase):
    """Arguments of a subscription field (a v1 custom subscription, owner-style, compiled by the real v1
    transformer) must equal the returned item's fields."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        compiled = support.compile_v1(V1_SOURCE, Path(cls.folder.name))
        cls.emulator = support.Emulator(compiled=compiled)

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.folder.cleanup()

    def test_arguments_must_equal_the_returned_fields(self):
        client = self.connect()
        query = "subscription($owner: String, $id: ID) { onPostOf(owner: $owner, id: $id) { id title owner } }"
        self.started(client, "alice", query, {"owner": "alice"})
        self.started(client, "bob", query, {"owner": "bob"})
        create = "mutation($input: CreatePostInput!) { createPost(input: $input) { id title owner } }"
        update = "mutation($input: UpdatePostInput!) { updatePost(input: $input) { id title owner } }"
        first = self.emulator.graphql(create, {"input": {"title": "one", "owner": "alice"}})["data"]["createPost"]
        self.assertEqual(self.data(client), {"type": "data", "id": "alice", "payload": {"data": {"onPostOf": first}}})
        self.started(client, "by-id", query, {"id": first["id"]})
        second = self.emulator.graphql(create, {"input": {"title": "two", "owner": "bob"}})["data"]["createPost"]
        changed = self.emulator.graphql(update, {"input": {"id": first["id"], "title": "one!"}})["data"]["updatePost"]
        got = [(m["id"], m["payload"]["data"]["onPostOf"]) for m in (self.data(client) for _ in range(3))]
        self.assertEqual(got, [("bob", second), ("alice", changed), ("by-id", changed)])


# --- a client this project did not write: appsync-ws-client (PyPI) --------------------------------------

class ThirdPartyClientTests(RealtimeCase):
    def test_appsync_ws_client_receives_three_events_in_order(self):
        from appsync_ws_client.client import GraphQLWebSocketClient

        logging.getLogger("appsync_ws_client").setLevel(logging.CRITICAL)
        events: queue.Queue = queue.Queue()
        # Its URL is the real-time endpoint itself (it appends ?header=...&payload=...), so a loopback
        # ws:// URL is given as it is; no seam is needed.
        client = GraphQLWebSocketClient(f"ws://127.0.0.1:{self.emulator.port}/graphql/realtime",
                                        auth_function=self.api_key_auth, max_retries=0)
        client.connect()
        try:
            subscription_id = client.subscribe("subscription { onCreateItem { id name } }", {}, events.put,
                                               acknowledgment_timeout=WAIT)
            self.wait_for_start_ack(subscription_id)
            made = [self.create(name=f"third-party-{n}") for n in range(3)]
            received = [events.get(timeout=WAIT) for _ in made]
            self.assertEqual(received, [{"data": {"onCreateItem": {"id": m["id"], "name": m["name"]}}} for m in made])
            time.sleep(0.3)
            self.assertTrue(events.empty())
        finally:
            # Its close handler reconnects (and, out of retries, raises in its thread): not wanted here.
            client._attempt_reconnect = lambda: None
            client.close()

    def wait_for_start_ack(self, subscription_id: str) -> None:
        """The client does not report start_ack; the emulator's request log does."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if any(e.get("realtime") == "start" and e.get("id") == subscription_id and e.get("answer") == "start_ack"
                   for e in self.emulator.logged_requests()):
                return
            time.sleep(0.02)
        self.fail("the emulator did not acknowledge the third-party client's start")


if __name__ == "__main__":
    unittest.main()
