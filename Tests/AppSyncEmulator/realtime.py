"""AppSync's real-time endpoint: GraphQL subscriptions over a WebSocket, in AppSync's `graphql-ws` dialect.

The protocol is the one the AWS AppSync developer guide's "Building a real-time WebSocket client"
(https://docs.aws.amazon.com/appsync/latest/devguide/real-time-websocket-client.html) gives a client:
the handshake carries the authorization as a base64 JSON `header` query parameter and asks for the
`graphql-ws` subprotocol; `connection_init` is answered `connection_ack` with `connectionTimeoutMs`,
then `ka` keep-alives; `start` (its own authorization in `payload.extensions.authorization`) is
answered `start_ack` or `error`; mutations named by a field's `@aws_subscribe` become `data`
messages; `stop` is answered `complete`.

It is served on the emulator's own port at /graphql/realtime, the path AppSync gives a custom domain
(appsync.md section 4), over plain ws:// (the emulator has no TLS option). `Realtime.serve` takes over
a `BaseHTTPRequestHandler`'s socket after the handshake; each connection then has a reader (the
handler's thread) and a writer thread fed by a queue, so that a mutation only queues and never waits
on a slow client.
"""

from __future__ import annotations

import base64
import binascii
import copy
import itertools
import json
import logging
import queue
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any, Optional
from urllib.parse import unquote, urlsplit

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLSchema,
    InlineFragmentNode,
    ListValueNode,
    OperationType,
    StringValueNode,
    build_schema,
    execute,
    get_operation_ast,
    parse,
    validate,
)
from graphql.execution.collect_fields import collect_fields
from graphql.execution.values import get_argument_values, get_variable_values

import conditions
import scalars
import websocket_frames as frames
from executor import non_null_error, validation_error

log = logging.getLogger("appsync-emulator")

PATH = "/graphql/realtime"
SUBPROTOCOL = "graphql-ws"

# "App sync pings every 60s: This is not changeable." (an AppSync SDK maintainer,
# awslabs/aws-mobile-appsync-sdk-android#368).
KEEP_ALIVE_MS = 60_000
# The acknowledgement the devguide shows: {"type":"connection_ack","payload":{"connectionTimeoutMs":300000}}.
CONNECTION_TIMEOUT_MS = 300_000
# AppSync's quota on a subscription payload is 240 KB (its endpoints-and-quotas page); taken here as
# the bound of any one client message too, read as 240 KiB.
MAX_MESSAGE_BYTES = 240 * 1024
# Messages waiting for one slow client before the emulator gives up on it.
QUEUE_LIMIT = 10_000
# How long a closing connection waits for the client's side of the close.
CLOSE_WAIT = 2.0

# The service's refusals as clients logged them: a connect, {"errorType":"UnauthorizedException",
# "message":"You are not authorized to make this call.","errorCode":401} (aws-amplify/amplify-flutter#2763);
# a start, {"errorType":"UnauthorizedException","message":"Permission denied"} (aws-amplify/amplify-cli#4137).
CONNECT_REFUSED = "You are not authorized to make this call."
START_REFUSED = "Permission denied"
# The Authorizer's generic HTTP message, replaced by the ones above on this endpoint.
HTTP_UNAUTHORIZED = "Valid authorization header not provided."

# Frames the service sends, recorded as "observed response from the service" in
# aws-amplify/aws-appsync-realtime-client-ios, RealtimeConnectionProviderResponse.swift: no id on
# the rate-limit error, `errors` an object, not a list.
RATE_LIMITED = {"type": "error", "payload": {"errors": {"errorType": "LimitExceededError",
                                                        "message": "Rate limit exceeded"}}}
MAX_SUBSCRIPTIONS = {"errorType": "MaxSubscriptionsReachedError", "message": "Max number of 100 subscriptions reached"}
# A token refused on an open connection: the errorType and message amplify-js re-authenticates on
# (aws-amplify/amplify-js#14569; known from that PR's text only, appsync.md §9.4).
TOKEN_EXPIRED = {"type": "error", "payload": {"errors": [{"errorType": "UnauthorizedException",
                                                          "message": "Token expired"}]}}
# A connection_error that is not final for amplify-js (not 400/401/403, not BadRequest or
# Unauthorized). No 5xx connection_error was published; this one follows the captured 401's shape.
SERVICE_FAULT = {"errorType": "InternalFailure", "message": "An internal failure occurred.", "errorCode": 500}


@dataclass
class RealtimeOptions:
    """The endpoint's knobs (appsync_emulator.py's --realtime-* flags)."""

    keep_alive_ms: int = KEEP_ALIVE_MS
    connection_timeout_ms: int = CONNECTION_TIMEOUT_MS
    # Never send `ka`: a client has to notice the silence on its own.
    withhold_keep_alive: bool = False
    # Drop each connection (no close frame) right after it delivered this many `data` messages.
    drop_after: Optional[int] = None
    max_message_bytes: int = MAX_MESSAGE_BYTES
    # The service's refusals, in its own shapes (../shared/reference/appsync.md §9.4):
    # the first N starts of the run are answered with the id-less, object-shaped rate-limit error;
    rate_limit_starts: int = 0
    # a start past this many on one connection is answered with the subscription-limit error;
    max_subscriptions: Optional[int] = None
    # the first N connects are refused with a connection_error that is not final (a service fault);
    refuse_connects: int = 0
    # MS after its acknowledgement a connection is told its credentials expired (and delivers no
    # more), on the first N connections (None: all).
    expire_ms: Optional[int] = None
    expire_connections: Optional[int] = None
    # For the secret scan: echo the credentials a client sent back into what it reads. "connect":
    # the connection is refused with them in the message; "start": each start is; "data": each start
    # is acknowledged and followed by an event whose errors carry them. Credentials are not checked.
    echo: Optional[str] = None


# --- what the schema says ------------------------------------------------------------------------

def subscription_triggers(schema: GraphQLSchema) -> dict[str, list[str]]:
    """mutation field -> the subscription fields whose `@aws_subscribe(mutations: [...])` names it."""
    triggers: dict[str, list[str]] = {}
    subscription_type = schema.subscription_type
    for name, field in (subscription_type.fields.items() if subscription_type else ()):
        for directive in (field.ast_node.directives if field.ast_node else ()):
            if directive.name.value != "aws_subscribe":
                continue
            for argument in directive.arguments:
                if argument.name.value == "mutations" and isinstance(argument.value, ListValueNode):
                    for value in argument.value.values:
                        if isinstance(value, StringValueNode):
                            triggers.setdefault(value.value, []).append(name)
    return triggers


def _selected(nodes: list[FieldNode], fragments: dict) -> dict[str, list[FieldNode]]:
    """The fields (by name, not alias) selected under `nodes`, through fragments."""
    found: dict[str, list[FieldNode]] = {}

    def walk(selection_set) -> None:
        for selection in selection_set.selections:
            if isinstance(selection, FieldNode):
                found.setdefault(selection.name.value, []).append(selection)
            elif isinstance(selection, InlineFragmentNode):
                walk(selection.selection_set)
            elif isinstance(selection, FragmentSpreadNode) and selection.name.value in fragments:
                walk(fragments[selection.name.value].selection_set)

    for node in nodes:
        if node.selection_set is not None:
            walk(node.selection_set)
    return found


def _project(value: Any, nodes: list[FieldNode], fragments: dict) -> Any:
    if isinstance(value, list):
        return [_project(element, nodes, fragments) for element in value]
    if not isinstance(value, dict):
        return value
    projected = {}
    for name, field_nodes in _selected(nodes, fragments).items():
        if name in value:
            leaf = all(node.selection_set is None for node in field_nodes)
            projected[name] = value[name] if leaf else _project(value[name], field_nodes, fragments)
    return projected


def returned_fields(record: dict, info) -> dict:
    """The part of a written record that the mutation selected. AppSync sends subscribers the
    mutation's selection set ("Subscriptions are triggered from mutations and the mutation selection
    set is sent to subscribers", devguide "Using subscriptions for real-time data applications"), so
    a field the mutation did not select is not there for them. @skip/@include are not evaluated;
    relationship fields (resolved apart from the record) are never there."""
    return _project(record, list(info.field_nodes), info.fragments)


# --- subscriptions -------------------------------------------------------------------------------

@dataclass(eq=False)
class Subscription:
    """A started subscription: its document, and the root field's arguments as coerced at start."""

    id: str
    field: str
    document: DocumentNode
    operation_name: Optional[str]
    variables: dict
    arguments: dict
    # Set when owner rules limit what this subscriber is sent: (owner fields, the caller's identities).
    owner_scope: Optional[tuple[list[str], set[str]]] = None

    def owner_allows(self, returned: dict) -> bool:
        """Whether the owner scope lets the event through: one of the owner fields the mutation
        returned names the caller (a multi-owner field, a list, holds it)."""
        if self.owner_scope is None:
            return True
        fields, identities = self.owner_scope
        for name in fields:
            value = returned.get(name)
            if isinstance(value, str) and value in identities:
                return True
            if isinstance(value, list) and identities.intersection(v for v in value if isinstance(v, str)):
                return True
        return False

    def matches(self, returned: dict) -> bool:
        """An argument holds when the returned field equals it (v1 owner-style and Gen 2 arguments);
        `filter` (Amplify v2's ModelSubscription*FilterInput) is evaluated as conditions.py evaluates
        a filter. Both are checked against what the mutation returned (see `returned_fields`)."""
        for name, value in self.arguments.items():
            if value is None:
                continue
            try:
                if name == "filter":
                    if not conditions.matches(returned, value):
                        return False
                elif not conditions.field_matches(returned.get(name, conditions.MISSING), {"eq": value}):
                    return False
            except ValueError:  # an operator the evaluator does not know: nothing matches it
                return False
        return True


def _message_only(errors: list[dict]) -> list[dict]:
    # A refused start's errors carry only a message (aws-amplify/amplify-swift#1589 shows one:
    # {"message":"Validation error of type FieldUndefined: ..."}).
    return [{"message": error["message"]} for error in errors]


# --- the endpoint ---------------------------------------------------------------------------------

class Realtime:
    """The subscriptions of every open connection, and the mutation side that feeds them."""

    def __init__(self, sdl: str, authorizer, request_log, options: Optional[RealtimeOptions] = None,
                 mutation_rules: Optional[dict[str, list[dict]]] = None):
        # Its own executable schema, without resolvers: an event is the mutation's returned record
        # put through the subscription's selection, not a new read of the store.
        self.schema = build_schema(sdl)
        scalars.install(self.schema)
        self.triggers = subscription_triggers(self.schema)
        # subscription field -> the @auth rules of its model (from the source schema; none when served
        # compiled, which keeps no rules).
        self.field_rules: dict[str, list[dict]] = {}
        for mutation, rules in (mutation_rules or {}).items():
            for subscription_field in self.triggers.get(mutation, []):
                self.field_rules[subscription_field] = rules
        self.authorizer = authorizer
        self.request_log = request_log
        self.options = options or RealtimeOptions()
        self.lock = threading.Lock()
        self._connections: list[Connection] = []
        self._numbers = itertools.count(1)
        self._starts = itertools.count(1)

    @staticmethod
    def handles(path: str) -> bool:
        return urlsplit(path).path == PATH

    # -- the mutation side

    def announce(self, mutation: str, record: dict, info) -> None:
        """Executor.on_mutation's listener: queue the write for every subscription it triggers.
        Called inside the store's lock, so queues fill in commit order; it never blocks."""
        fields = self.triggers.get(mutation)
        if not fields:
            return
        returned = copy.deepcopy(returned_fields(record, info))
        with self.lock:
            for connection in self._connections:
                targets = [s for s in connection.subscriptions.values() if s.field in fields]
                if targets:
                    connection.enqueue(("event", targets, returned))

    # -- authorization

    def refusal(self, authorization: Any, path: str, body: bytes) -> Optional[tuple[int, str, str]]:
        """The Authorizer's refusal of an authorization object (`header`, or a start's
        `extensions.authorization`) taken as the headers of a POST of `body` to `path` on the GraphQL
        host: /graphql/connect with `{}` for a connect, /graphql with the start's data for a start."""
        if not self.authorizer.configured:
            return None
        if not isinstance(authorization, dict) or not all(isinstance(v, str) for v in authorization.values()):
            return (401, "UnauthorizedException", HTTP_UNAUTHORIZED)
        headers = {name.lower(): value for name, value in authorization.items()}
        return self.authorizer.refusal("POST", path, headers, body)

    # -- starting a subscription

    def subscription(self, subscription_id: str, data: Any) -> tuple[Optional[Subscription], list[dict]]:
        """A start's `data` (already JSON-decoded) checked against the schema: the subscription, or
        the errors of its `error` answer."""
        if not isinstance(data, dict) or not isinstance(data.get("query"), str) \
                or not isinstance(data.get("variables") or {}, dict):
            return None, [{"message": "The start's data is not a GraphQL request ({\"query\", \"variables\"})."}]
        variables = data.get("variables") or {}
        operation_name = data.get("operationName") if isinstance(data.get("operationName"), str) else None
        try:
            document = parse(data["query"])
        except GraphQLError as error:
            return None, _message_only([validation_error(error)])
        errors = validate(self.schema, document)
        if errors:
            return None, _message_only([validation_error(e) for e in errors])
        operation = get_operation_ast(document, operation_name)
        if operation is None or operation.operation != OperationType.SUBSCRIPTION:
            return None, [{"message": "Only a subscription operation can be started on the real-time endpoint."}]
        coerced = get_variable_values(self.schema, operation.variable_definitions or (), variables)
        if isinstance(coerced, list):
            return None, _message_only([validation_error(e) for e in coerced])
        fragments = {d.name.value: d for d in document.definitions if hasattr(d, "type_condition")}
        roots = collect_fields(self.schema, fragments, coerced, self.schema.subscription_type,
                               operation.selection_set)
        nodes = next(iter(roots.values()), [])
        if not nodes or nodes[0].name.value not in self.schema.subscription_type.fields:
            return None, [{"message": "A subscription must select one subscription field."}]
        field_node = nodes[0]
        try:
            arguments = get_argument_values(self.schema.subscription_type.fields[field_node.name.value],
                                            field_node, coerced)
        except GraphQLError as error:
            return None, _message_only([validation_error(error)])
        return Subscription(subscription_id, field_node.name.value, document, operation_name, variables,
                            arguments), []

    def render(self, subscription: Subscription, returned: dict) -> dict:
        """The `data` message payload: the subscription's selection over the returned record. A
        field the record lacks is null; a lacking non-null field nulls the root field with
        graphql-java's error, as the service answers a subscription that asks for more than the
        mutation selected."""
        result = execute(self.schema, subscription.document, root_value={subscription.field: returned},
                         variable_values=subscription.variables, operation_name=subscription.operation_name)
        payload: dict = {"data": result.data}
        if result.errors:
            payload["errors"] = [non_null_error(self.schema, e) or {"message": e.message, "path": e.path}
                                 for e in result.errors]
        return payload

    # -- connections

    def serve(self, handler) -> None:
        """Answers a request on the real-time path: the RFC 6455 handshake, then the connection
        until it ends (the handler's thread reads; the handler does not go on to another request)."""
        handler.close_connection = True
        if handler.command != "GET":
            handler._read_body()  # read before the refusal: unread bytes would reset the connection
        headers = {name.lower(): value for name, value in handler.headers.items()}
        number = next(self._numbers)
        problem = self._handshake_problem(handler.command, headers)
        if problem is not None:
            status, message = problem
            self.request_log.write_entry({"realtime": "connect", "connection": number, "path": handler.path,
                                          "headers": None, "status": status, "error": message})
            _answer(handler, status, message, {"Sec-WebSocket-Version": "13"} if status == 426 else None)
            return
        authorization = self._authorization(handler.path, headers)
        form = "subprotocol" if "header-" in headers.get("sec-websocket-protocol", "") else "query"
        refusal = None if self.options.echo else self.refusal(authorization, "/graphql/connect", b"{}")
        error = None
        if number <= self.options.refuse_connects:
            error = dict(SERVICE_FAULT)
        elif self.options.echo == "connect":
            error = {"errorType": "UnauthorizedException", "message": "echo: " + json.dumps(authorization),
                     "errorCode": 401}
        elif refusal is not None:
            status, error_type, message = refusal
            error = {"errorType": error_type, "message": CONNECT_REFUSED if message == HTTP_UNAUTHORIZED else message,
                     "errorCode": status}
        self.request_log.write_entry({"realtime": "connect", "connection": number, "path": handler.path,
                                      "headers": authorization, "form": form, "status": 101, "error": error})
        handler.send_response(101)
        handler.send_header("Upgrade", "websocket")
        handler.send_header("Connection", "Upgrade")
        handler.send_header("Sec-WebSocket-Accept", frames.accept_key(headers["sec-websocket-key"].strip()))
        handler.send_header("Sec-WebSocket-Protocol", SUBPROTOCOL)
        handler.end_headers()
        handler.wfile.flush()
        connection = Connection(self, handler.connection, handler.rfile, number, error)
        connection.connect_authorization = authorization
        with self.lock:
            self._connections.append(connection)
        try:
            connection.run()
        finally:
            with self.lock:
                self._connections.remove(connection)
                connection.subscriptions.clear()

    @staticmethod
    def _handshake_problem(method: str, headers: dict[str, str]) -> Optional[tuple[int, str]]:
        if method != "GET":
            return 405, "The real-time endpoint takes a WebSocket handshake (GET)."
        tokens = {t.strip().lower() for t in headers.get("connection", "").split(",")}
        if headers.get("upgrade", "").lower() != "websocket" or "upgrade" not in tokens:
            return 400, "The real-time endpoint takes a WebSocket handshake (Upgrade: websocket)."
        if headers.get("sec-websocket-version", "").strip() != "13":
            return 426, "Sec-WebSocket-Version must be 13."
        if not frames.valid_key(headers.get("sec-websocket-key", "")):
            return 400, "Sec-WebSocket-Key must be 16 bytes in base64."
        protocols = [p.strip() for p in headers.get("sec-websocket-protocol", "").split(",")]
        if SUBPROTOCOL not in protocols:
            return 400, "The real-time endpoint speaks the graphql-ws subprotocol only (Sec-WebSocket-Protocol)."
        return None

    @staticmethod
    def _authorization(path: str, headers: dict[str, str]) -> Any:
        """The authorization object: the `header` query parameter, or a `header-<base64url>`
        subprotocol (how Amplify JS v6 sends it, aws-amplify/amplify-js#13726). Undecodable: the text."""
        encoded = None
        for protocol in headers.get("sec-websocket-protocol", "").split(","):
            if protocol.strip().startswith("header-"):
                encoded = protocol.strip()[len("header-"):]
        if encoded is None:
            encoded = query_parameters(path).get("header")
        if encoded is None:
            return None
        decoded = decode_base64_json(encoded)
        return decoded if decoded is not None else encoded

    def close_all(self) -> None:
        """Ends every connection with 1001 (going away), as the emulator stops."""
        with self.lock:
            connections = list(self._connections)
        for connection in connections:
            connection.close(frames.GOING_AWAY, "the emulator is stopping")


def jwt_claims(token: Any) -> Optional[dict]:
    """The claims of a JWT (its signature was checked by the Authorizer, or is not checked at all
    for a raw --token), or None for anything that is not one."""
    if not isinstance(token, str) or token.count(".") != 2:
        return None
    payload = token.split(".")[1]
    try:
        claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except (binascii.Error, ValueError):
        return None
    return claims if isinstance(claims, dict) else None


def owner_scope(rules: list[dict], claims: Optional[dict]) -> Optional[tuple[list[str], set[str]]]:
    """What owner rules leave a token caller with `claims`: None when they do not limit it (no token,
    no owner rule, or another rule lets it read every record: `private`, or `groups` naming one of
    its groups); else the owner fields and the caller's identities (`sub::username`, `sub`,
    `username`), as the v2 auth transformer's runtime filter compares them (amplify-category-api#837)."""
    if claims is None:
        return None
    groups = set(claims.get("cognito:groups") or [])
    owners: list[str] = []
    for rule in rules:
        allow = rule.get("allow")
        if allow == "private":
            return None
        if allow == "groups" and isinstance(rule.get("groups"), list) and groups.intersection(rule["groups"]):
            return None
        if allow == "owner":
            owners.append(rule.get("ownerField", "owner"))
    if not owners:
        return None
    username = claims.get("cognito:username") or claims.get("username") or ""
    sub = claims.get("sub") or ""
    identities = {value for value in (f"{sub}::{username}" if sub and username else "", sub, username) if value}
    return owners, identities


def query_parameters(path: str) -> dict[str, str]:
    """The query of a path, percent-decoded but with `+` kept: clients put standard base64 in
    `header` without escaping it (appsync-ws-client does), and `+` is base64, not a space."""
    parameters: dict[str, str] = {}
    for part in urlsplit(path).query.split("&"):
        name, _, value = part.partition("=")
        if name:
            parameters.setdefault(unquote(name), unquote(value))
    return parameters


def decode_base64_json(text: str) -> Optional[dict]:
    """A JSON object in base64 or base64url, padded or not (the devguide uses base64; Amplify v6 base64url)."""
    cleaned = text.strip().replace(" ", "+").replace("-", "+").replace("_", "/").rstrip("=")
    cleaned += "=" * (-len(cleaned) % 4)
    try:
        value = json.loads(base64.b64decode(cleaned, validate=True))
    except (binascii.Error, ValueError):
        return None
    return value if isinstance(value, dict) else None


def _answer(handler, status: int, message: str, headers: Optional[dict] = None) -> None:
    """A refused handshake: a plain HTTP answer in AppSync's error shape."""
    body = json.dumps({"errors": [{"errorType": "BadRequestException", "message": message}]}).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json; charset=UTF-8")
    handler.send_header("Content-Length", str(len(body)))
    for name, value in (headers or {}).items():
        handler.send_header(name, value)
    handler.end_headers()
    handler.wfile.write(body)


class Connection:
    """One accepted WebSocket: the reader runs in the handler's thread, the writer in its own."""

    def __init__(self, realtime: Realtime, sock: socket.socket, stream, number: int, refusal: Optional[dict]):
        self.realtime = realtime
        self.options = realtime.options
        self.sock = sock
        self.stream = stream
        self.number = number
        # Set when the handshake's authorization was refused: the first message is answered
        # connection_error and the connection closes.
        self.refusal = refusal
        # id -> Subscription; changed and read under realtime.lock.
        self.subscriptions: dict[str, Subscription] = {}
        self._queue: queue.Queue = queue.Queue()
        self._writer = threading.Thread(target=self._write_loop, name=f"realtime-{number}", daemon=True)
        self._reader_done = threading.Event()
        self._close_sent = threading.Event()
        # Once a close or a drop began, the client's messages are no longer acted on.
        self._stopping = False
        self.delivered = 0
        # Told its credentials expired: it delivers nothing more.
        self.expired = False
        # The handshake's decoded `header` (for the echo option).
        self.connect_authorization: Any = None

    # -- shared

    def enqueue(self, item: tuple) -> None:
        if self._queue.qsize() >= QUEUE_LIMIT:
            log.warning("real-time connection %d: %d messages unsent, dropping it", self.number, QUEUE_LIMIT)
            self._shutdown()
            return
        self._queue.put(item)

    def close(self, code: int, reason: str) -> None:
        """Starts a close from this side: the close frame goes out after what is queued."""
        self._stopping = True
        self._queue.put(("close", code, reason))

    def _log(self, entry: dict) -> None:
        self.realtime.request_log.write_entry({"connection": self.number, **entry})

    def _shutdown(self, how: int = socket.SHUT_RDWR) -> None:
        try:
            self.sock.shutdown(how)
        except OSError:
            pass

    def _send_json(self, message: dict) -> None:
        self.enqueue(("text", json.dumps(message, separators=(",", ":"))))

    # -- reading

    def run(self) -> None:
        self._writer.start()
        try:
            self._read_loop()
        finally:
            self._reader_done.set()
            self._queue.put(("end",))
            self._writer.join(CLOSE_WAIT + 1)
            self._shutdown()
            self._log({"realtime": "disconnect", "delivered": self.delivered})

    def _read_loop(self) -> None:
        reader = frames.FrameReader(self.stream, self.options.max_message_bytes)
        while True:
            try:
                message = reader.read_message()
            except frames.ProtocolError as error:
                self._log({"realtime": "protocol-error", "code": error.code, "reason": error.reason})
                self._close_and_wait(error.code, error.reason)
                return
            except OSError:
                return
            if message is None:
                return
            if message.opcode == frames.CLOSE:
                if not self._stopping:
                    try:
                        code, _ = frames.close_code(message.data)
                    except frames.ProtocolError as error:
                        code = error.code
                    # Echo the client's close (section 5.5.1), then let the socket go.
                    self.close(frames.NORMAL if code == 1005 else code, "")
                    self._close_sent.wait(CLOSE_WAIT)
                return
            if self._stopping:
                continue
            if message.opcode == frames.PING:
                self.enqueue(("frame", frames.encode_frame(frames.PONG, message.data)))
            elif message.opcode == frames.BINARY:
                self._close_and_wait(frames.UNSUPPORTED_DATA, "graphql-ws messages are text")
                return
            elif message.opcode == frames.TEXT:
                self._on_text(message.data.decode("utf-8"))

    def _close_and_wait(self, code: int, reason: str) -> None:
        """After a protocol error: sends a close and waits a moment for the client's end, discarding
        what it still sends unparsed (closing with unread bytes would reset the connection, and the
        client could lose the close frame)."""
        self._begin_close(code, reason)
        self._close_sent.wait(CLOSE_WAIT)
        try:
            while self.stream.read1(65536):
                pass
        except OSError:
            pass

    def _begin_close(self, code: int, reason: str) -> None:
        """A close started by the reader: the client's answer is awaited for CLOSE_WAIT at most."""
        self.close(code, reason)
        try:
            self.sock.settimeout(CLOSE_WAIT)
        except OSError:
            pass

    def _on_text(self, text: str) -> None:
        try:
            message = json.loads(text)
        except ValueError:
            message = None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            # Not a graphql-ws message: answered with an id-less error (the shape of a start's error).
            self._send_json({"type": "error", "payload": {"errors": [
                {"errorType": "UnsupportedOperation", "message": "The message is not a graphql-ws JSON message."}]}})
            return
        kind = message["type"]
        if self.refusal is not None and kind in ("connection_init", "start"):
            self._send_json({"type": "connection_error", "payload": {"errors": [self.refusal]}})
            self._log({"realtime": "connection_error", "errors": [self.refusal]})
            self._begin_close(frames.NORMAL, "")
            return
        if kind == "connection_init":
            self.enqueue(("ack",))
        elif kind == "start":
            self._start(message)
        elif kind == "stop":
            self._stop(message)
        else:
            self._send_json({"type": "error", "id": message.get("id"), "payload": {"errors": [
                {"errorType": "UnsupportedOperation", "message": f"Unknown message type '{kind}'."}]}})

    def _start(self, message: dict) -> None:
        subscription_id = message.get("id")
        payload = message.get("payload")
        data_text = payload.get("data") if isinstance(payload, dict) else None
        extensions = payload.get("extensions") if isinstance(payload, dict) else None
        authorization = extensions.get("authorization") if isinstance(extensions, dict) else None
        entry = {"realtime": "start", "id": subscription_id, "data": data_text, "headers": authorization}

        def refuse(errors: list[dict]) -> None:
            self._send_json({"type": "error", "id": subscription_id, "payload": {"errors": errors}})
            self._log({**entry, "answer": "error", "errors": errors})

        if not isinstance(subscription_id, str) or not subscription_id or not isinstance(data_text, str):
            refuse([{"message": "A start needs an id and payload.data (a JSON string)."}])
            return
        echoed = "echo: " + json.dumps({"connect": self.connect_authorization, "start": authorization})
        if self.options.echo == "start":
            refuse([{"errorType": "UnauthorizedException", "message": echoed}])
            return
        refusal = (None if self.options.echo
                   else self.realtime.refusal(authorization, "/graphql", data_text.encode("utf-8")))
        if refusal is not None:
            status, error_type, text = refusal
            refuse([{"errorType": error_type, "message": START_REFUSED if text == HTTP_UNAUTHORIZED else text}])
            return
        if next(self.realtime._starts) <= self.options.rate_limit_starts:
            self._send_json(RATE_LIMITED)
            self._log({**entry, "answer": "error", "errors": RATE_LIMITED["payload"]["errors"]})
            return
        if self.options.max_subscriptions is not None and len(self.subscriptions) >= self.options.max_subscriptions:
            self._send_json({"id": subscription_id, "type": "error", "payload": {"errors": MAX_SUBSCRIPTIONS}})
            self._log({**entry, "answer": "error", "errors": MAX_SUBSCRIPTIONS})
            return
        try:
            data = json.loads(data_text)
        except ValueError:
            data = None
        subscription, errors = self.realtime.subscription(subscription_id, data)
        if subscription is None:
            refuse(errors)
            return
        claims = jwt_claims(authorization.get("Authorization") if isinstance(authorization, dict) else None)
        subscription.owner_scope = owner_scope(self.realtime.field_rules.get(subscription.field, []), claims)
        if subscription.owner_scope is not None:
            fields, identities = subscription.owner_scope
            given = [subscription.arguments.get(name) for name in fields if subscription.arguments.get(name) is not None]
            if any(value not in identities for value in given):
                # A supplied owner argument must be the caller's own (appsync.md §9.5).
                refuse([{"errorType": "Unauthorized",
                         "message": f"Not Authorized to access {subscription.field} on type Subscription"}])
                return
            entry["owner_filter"] = fields
        with self.realtime.lock:
            if subscription_id in self.subscriptions:
                duplicate = True
            else:
                duplicate = False
                self.subscriptions[subscription_id] = subscription
                # Queued under the lock that `announce` takes: no event can overtake the ack.
                self._send_json({"type": "start_ack", "id": subscription_id})
        if duplicate:
            refuse([{"message": f"A subscription with id '{subscription_id}' is already started."}])
            return
        self._log({**entry, "answer": "start_ack"})
        if self.options.echo == "data":
            self._send_json({"type": "data", "id": subscription_id, "payload": {
                "data": {subscription.field: None}, "errors": [{"errorType": "Echo", "message": echoed}]}})

    def _stop(self, message: dict) -> None:
        subscription_id = message.get("id")
        with self.realtime.lock:
            self.subscriptions.pop(subscription_id, None)
            self._send_json({"type": "complete", "id": subscription_id})
        self._log({"realtime": "stop", "id": subscription_id})

    # -- writing

    def _send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def _write_loop(self) -> None:
        interval = self.options.keep_alive_ms / 1000.0
        next_keep_alive: Optional[float] = None
        try:
            while True:
                timeout = None
                if next_keep_alive is not None and not self.options.withhold_keep_alive:
                    now = time.monotonic()
                    if now >= next_keep_alive:
                        # Due before anything queued: a busy connection still gets its keep-alives.
                        self._send(_text({"type": "ka"}))
                        next_keep_alive += interval
                        if next_keep_alive <= now:  # late by a whole interval: no burst to catch up
                            next_keep_alive = now + interval
                        continue
                    timeout = next_keep_alive - now
                try:
                    item = self._queue.get(timeout=timeout)
                except queue.Empty:
                    continue
                kind = item[0]
                if kind == "ack":
                    self._send(_text({"type": "connection_ack",
                                      "payload": {"connectionTimeoutMs": self.options.connection_timeout_ms}}))
                    if next_keep_alive is None:
                        # The devguide's example shows a ka right after the ack; then one every interval.
                        next_keep_alive = time.monotonic()
                    limit = self.options.expire_connections
                    if self.options.expire_ms is not None and (limit is None or self.number <= limit):
                        timer = threading.Timer(self.options.expire_ms / 1000.0, self.enqueue, (("expire",),))
                        timer.daemon = True
                        timer.start()
                elif kind == "text":
                    self._send(frames.encode_frame(frames.TEXT, item[1].encode("utf-8")))
                elif kind == "frame":
                    self._send(item[1])
                elif kind == "event":
                    if self._deliver(item[1], item[2]):
                        return
                elif kind == "expire":
                    self.expired = True
                    self._send(_text(TOKEN_EXPIRED))
                    self._log({"realtime": "expired"})
                elif kind == "close":
                    self._send(frames.close_frame(item[1], item[2]))
                    self._close_sent.set()
                    return
                elif kind == "end":
                    return
        except OSError:
            self._shutdown()
        finally:
            self._close_sent.set()

    def _deliver(self, targets: list[Subscription], returned: dict) -> bool:
        """Sends the event to each target still started that it matches; True when that dropped
        the connection (--realtime-drop-after)."""
        for subscription in targets:
            with self.realtime.lock:
                active = self.subscriptions.get(subscription.id) is subscription
            if not active or self.expired or not subscription.matches(returned) \
                    or not subscription.owner_allows(returned):
                continue
            payload = self.realtime.render(subscription, returned)
            self._send(_text({"type": "data", "id": subscription.id, "payload": payload}))
            self.delivered += 1
            self._log({"realtime": "data", "id": subscription.id, "payload": payload})
            if self.options.drop_after and self.delivered >= self.options.drop_after:
                self._drop()
                return True
        return False

    def _drop(self) -> None:
        """Ends the connection without a close frame: a FIN after the last data (so that it is
        delivered), then, if the client has not gone by then, a full shutdown."""
        self._stopping = True
        self._log({"realtime": "drop", "delivered": self.delivered})
        self._shutdown(socket.SHUT_WR)
        if not self._reader_done.wait(CLOSE_WAIT):
            self._shutdown()


def _text(message: dict) -> bytes:
    return frames.encode_frame(frames.TEXT, json.dumps(message, separators=(",", ":")).encode("utf-8"))
