#!/usr/bin/env python3
"""A local AppSync-compatible GraphQL endpoint for gqlpatch's end-to-end tests and demo.

    python3 Tests/AppSyncEmulator/appsync_emulator.py --schema schema.graphql --port 0 --port-file PATH

It compiles the Amplify SOURCE schema the way the Amplify transformer does,
serves POST /graphql on 127.0.0.1 with the generated resolvers' semantics, and
can inject latency and faults. See the README next to this file.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import ssl
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from graphql import GraphQLError  # noqa: E402

from catalogue import SchemaError  # noqa: E402
from compiled_schema import load_compiled  # noqa: E402
from executor import Executor  # noqa: E402
from schema_transformer import compile_schema  # noqa: E402
from realtime import CONNECTION_TIMEOUT_MS, KEEP_ALIVE_MS, Realtime, RealtimeOptions  # noqa: E402
from server import Authorizer, Emulator, EmulatorServer, Faults, IamCredential, RequestLog, TokenBucket  # noqa: E402
from storage import Store  # noqa: E402
from user_pool_tokens import UserPoolTokens  # noqa: E402

log = logging.getLogger("appsync-emulator")


def rate(text: str) -> float:
    """A probability argument in [0, 1]."""
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a probability between 0 and 1, got {text}")
    return value


def positive(text: str) -> int:
    """An integer argument of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected an integer of at least 1, got {text}")
    return value


def load_handler(path: str):
    """The module at `path` (a test's answers to custom operations)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("custom_handler", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_after(text: str) -> tuple[int, dict]:
    """`N:BODY`: a request number and a GraphQL request body (JSON)."""
    number, _, body = text.partition(":")
    try:
        request = json.loads(body)
        if int(number) < 1 or not isinstance(request, dict) or not isinstance(request.get("query"), str):
            raise ValueError
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected N:BODY (N >= 1, BODY a JSON GraphQL request), got {text}")
    return int(number), request


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="appsync_emulator.py", description=__doc__.splitlines()[0])
    schema = parser.add_mutually_exclusive_group(required=True)
    schema.add_argument("--schema", help="Amplify source schema (SDL with @model ...)")
    schema.add_argument("--serve-compiled", metavar="FILE",
                        help="serve what the real v1 transformer compiled (Tests/V1Transformer/compile.js output)")
    parser.add_argument("--port", type=int, default=None, help="port on 127.0.0.1 (0 or absent = pick a free one)")
    parser.add_argument("--port-file", help="write the bound port to this file once listening (with --port 0 or alone)")
    parser.add_argument("--db", default=":memory:", help="SQLite file (default: in memory)")
    parser.add_argument("--conflict-handler", choices=("none", "optimistic", "automerge"), default="none")
    parser.add_argument("--api-key", help="accept this x-api-key")
    parser.add_argument("--token", action="append", default=[], help="accept this raw Authorization value")
    parser.add_argument("--iam", action="append", default=[], type=IamCredential.parse,
                        metavar="ACCESS_KEY:SECRET:REGION[:SESSION_TOKEN]", help="accept SigV4 from these credentials")
    parser.add_argument("--user-pool-jwks", metavar="URL_OR_FILE",
                        help="accept Cognito user-pool JWTs signed with a key of this JWKS")
    parser.add_argument("--user-pool-issuer", metavar="ISS", help="the `iss` those tokens must carry")
    parser.add_argument("--user-pool-client-id", action="append", default=[], metavar="ID",
                        help="an app client whose tokens are accepted (aud / client_id; repeatable)")
    parser.add_argument("--stale-reads", type=int, default=0, metavar="N",
                        help="after a write, the next N get reads of that record return it as it was before "
                             "(eventually consistent reads, as the get resolver's GetItem is)")
    parser.add_argument("--stale-read-ms", type=int, default=0, metavar="MS",
                        help="every get read within MS of a write of that record returns it as it was before")
    parser.add_argument("--latency-ms", type=int, default=0)
    parser.add_argument("--fail-rate", type=rate, default=0.0)
    parser.add_argument("--throttle-rate", type=rate, default=0.0)
    parser.add_argument("--dynamo-throttle-rate", type=rate, default=0.0,
                        help="share of requests answered 200 with DynamoDB's throttling error, not executed")
    parser.add_argument("--gateway-after-execute", type=int, action="append", default=[], metavar="N",
                        help="the Nth executed GraphQL request runs, then gets a gateway's HTML 504")
    parser.add_argument("--deny-field", action="append", default=[], metavar="TYPE.FIELD",
                        help="reading this field gives null and AppSync's field-level Unauthorized error")
    parser.add_argument("--drop-rate", type=rate, default=0.0)
    parser.add_argument("--bucket", type=TokenBucket.parse, default=None, metavar="RATE:BURST",
                        help="a token bucket of RATE requests a second, bursts of BURST: HTTP 429 beyond it")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--drop-response", type=int, action="append", default=[], metavar="N",
                        help="execute the Nth GraphQL request (1-based), then drop its connection unanswered; repeatable")
    parser.add_argument("--write-after", type=write_after, action="append", default=[], metavar="N:BODY",
                        help="after the Nth GraphQL request (1-based), execute BODY (a JSON request) as another "
                             "writer would; repeatable")
    parser.add_argument("--fail-request", type=int, action="append", default=[], metavar="N",
                        help="answer the Nth POST to /graphql (1-based) with HTTP 500, unexecuted; repeatable")
    parser.add_argument("--request-log", help="append one JSON line per request to this file")
    parser.add_argument("--control-plane-api-id", metavar="ID",
                        help="answer AppSync's control plane (GetGraphqlApi, GetIntrospectionSchema) for this API id, "
                             "SigV4-signed by an --iam credential")
    parser.add_argument("--introspection", choices=("enabled", "disabled"), default="enabled",
                        help="disabled: refuse __schema and __type, as IntrospectionConfig DISABLED")
    parser.add_argument("--custom-handler", metavar="FILE.py",
                        help="a Python module answering the schema's custom queries and mutations: its function "
                             "named after each takes the arguments (a dict) and returns the value")
    parser.add_argument("--log-times", action="store_true",
                        help="add each request's arrival (\"at\": seconds on a steady clock) to its log entry")
    parser.add_argument("--print-schema", action="store_true", help="print the compiled schema and exit")
    parser.add_argument("--tls-cert", help="serve https (and wss) with this certificate (PEM)")
    parser.add_argument("--tls-key", help="the certificate's private key (PEM)")
    realtime = parser.add_argument_group(
        "real-time endpoint", "AppSync's subscriptions over WebSocket (graphql-ws), at ws://127.0.0.1:PORT/graphql/realtime")
    realtime.add_argument("--realtime-ka-ms", type=positive, default=KEEP_ALIVE_MS, metavar="N",
                          help=f"send a keep-alive (ka) every N ms after the connection_ack (default {KEEP_ALIVE_MS})")
    realtime.add_argument("--realtime-connection-timeout-ms", type=positive, default=CONNECTION_TIMEOUT_MS,
                          metavar="N", help="the connectionTimeoutMs the connection_ack announces "
                                            f"(default {CONNECTION_TIMEOUT_MS})")
    realtime.add_argument("--realtime-withhold-ka", action="store_true",
                          help="never send a keep-alive: a client must notice the silence on its own")
    realtime.add_argument("--realtime-drop-after", type=positive, default=None, metavar="N",
                          help="drop each real-time connection (no close frame) right after it delivered its "
                               "Nth data message")
    realtime.add_argument("--realtime-echo", choices=("connect", "start", "data"), default=None,
                          help="echo the credentials a client sends back (refusing the connect, refusing each "
                               "start, or in an event's errors) without checking them: for the secret scan")
    realtime.add_argument("--realtime-rate-limit", type=positive, default=0, metavar="N",
                          help="answer the first N starts with the service's id-less LimitExceededError frame")
    realtime.add_argument("--realtime-max-subscriptions", type=positive, default=None, metavar="N",
                          help="answer a start past N on one connection with MaxSubscriptionsReachedError")
    realtime.add_argument("--realtime-refuse-connects", type=positive, default=0, metavar="N",
                          help="refuse the first N connections with a connection_error that is not final "
                               "(a 500 InternalFailure)")
    realtime.add_argument("--realtime-expire-ms", type=positive, default=None, metavar="MS",
                          help="MS after its connection_ack, tell a connection its token expired "
                               "(UnauthorizedException: Token expired) and deliver nothing more on it")
    realtime.add_argument("--realtime-expire-connections", type=positive, default=None, metavar="N",
                          help="with --realtime-expire-ms: only the first N connections expire")
    args = parser.parse_args(argv)
    if args.user_pool_jwks and not (args.user_pool_issuer and args.user_pool_client_id):
        parser.error("--user-pool-jwks needs --user-pool-issuer and at least one --user-pool-client-id")
    if (args.user_pool_issuer or args.user_pool_client_id) and not args.user_pool_jwks:
        parser.error("--user-pool-issuer and --user-pool-client-id need --user-pool-jwks")
    if args.fail_rate + args.throttle_rate + args.drop_rate + args.dynamo_throttle_rate > 1.0:
        parser.error("--fail-rate + --throttle-rate + --drop-rate + --dynamo-throttle-rate must not exceed 1")
    for denied in args.deny_field:
        if denied.count(".") != 1 or not all(denied.split(".")):
            parser.error(f"--deny-field {denied}: expected TYPE.FIELD")
    return args


def write_port_file(path: str, port: int) -> None:
    """Write the port atomically: a temporary file in the same folder, then rename."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, temporary = tempfile.mkstemp(dir=folder, prefix=".port-")
    with os.fdopen(fd, "w") as handle:
        handle.write(f"{port}\n")
    os.replace(temporary, path)


def control_plane(args, compiled, authorizer, tls: bool):
    """The control plane for --control-plane-api-id (None without it): the API's default auth mode is the
    first the emulator is given of API key, user pool, IAM, token."""
    if not args.control_plane_api_id:
        return None
    from control_plane import ControlPlane
    if not authorizer.iam:
        raise SystemExit("--control-plane-api-id needs an --iam credential to check the control plane's SigV4")
    mode = ("API_KEY" if args.api_key else "AMAZON_COGNITO_USER_POOLS" if args.user_pool_jwks
            else "AWS_IAM" if args.iam else "AWS_LAMBDA")
    sdl = "\n".join(line for line in compiled.printable().splitlines()
                    if not line.startswith(("scalar AWS", "directive @aws_")))
    return ControlPlane(args.control_plane_api_id, "emulated", mode, sdl, authorizer._sigv4_refusal,
                        scheme="https" if tls else "http")


def serve(args: argparse.Namespace, compiled) -> None:
    """Run the server until SIGTERM or SIGINT."""
    store = Store(args.db, list(compiled.catalogue.models), args.stale_reads, args.stale_read_ms)
    executor = Executor(compiled, store, args.conflict_handler,
                        denied_fields=[tuple(denied.split(".")) for denied in args.deny_field],
                        custom_handler=load_handler(args.custom_handler) if args.custom_handler else None)
    user_pool = (UserPoolTokens(args.user_pool_jwks, args.user_pool_issuer, tuple(args.user_pool_client_id))
                 if args.user_pool_jwks else None)
    authorizer = Authorizer(args.api_key, tuple(args.token), tuple(args.iam), user_pool)
    faults = Faults(args.latency_ms, args.fail_rate, args.throttle_rate, args.drop_rate, args.seed,
                    args.dynamo_throttle_rate)
    request_log = RequestLog(args.request_log, args.log_times)
    realtime = Realtime(compiled.printable(), authorizer, request_log,
                        RealtimeOptions(keep_alive_ms=args.realtime_ka_ms,
                                        connection_timeout_ms=args.realtime_connection_timeout_ms,
                                        withhold_keep_alive=args.realtime_withhold_ka,
                                        drop_after=args.realtime_drop_after,
                                        rate_limit_starts=args.realtime_rate_limit,
                                        max_subscriptions=args.realtime_max_subscriptions,
                                        refuse_connects=args.realtime_refuse_connects,
                                        expire_ms=args.realtime_expire_ms,
                                        expire_connections=args.realtime_expire_connections,
                                        echo=args.realtime_echo),
                        {name: compiled.catalogue.models[operation.model].auth_rules
                         for name, operation in compiled.mutations.items()
                         if operation.model in compiled.catalogue.models})
    executor.on_mutation(realtime.announce)
    writes: dict[int, list] = {}
    for number, request in args.write_after:
        writes.setdefault(number, []).append(request)
    tls = None
    if args.tls_cert:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(args.tls_cert, args.tls_key)
    server = EmulatorServer(args.port or 0, Emulator(executor, authorizer, faults, request_log,
                                                          frozenset(args.drop_response), writes,
                                                          frozenset(args.fail_request), args.bucket,
                                                          frozenset(args.gateway_after_execute), realtime,
                                                          control_plane(args, compiled, authorizer, tls is not None),
                                                          args.introspection == "enabled"), tls)
    stop = threading.Event()
    # A parent may start us with these signals blocked (Foundation's Process on Linux does):
    # unblock them, or SIGTERM would never arrive.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    thread = threading.Thread(target=server.serve_forever, name="http", daemon=True)
    thread.start()
    scheme = "https" if tls else "http"
    log.info("listening on %s://127.0.0.1:%d/graphql (conflict handler: %s), real-time on %s://127.0.0.1:%d%s",
             scheme, server.port, args.conflict_handler, "wss" if tls else "ws", server.port, "/graphql/realtime")
    if args.port_file:
        write_port_file(args.port_file, server.port)
    stop.wait()
    log.info("stopping")
    realtime.close_all()
    server.shutdown()
    server.server_close()
    request_log.close()
    store.close()


def main(argv: list[str]) -> int:
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="appsync-emulator: %(message)s")
    args = parse_arguments(argv)
    try:
        with open(args.schema or args.serve_compiled, encoding="utf-8") as handle:
            source = handle.read()
        if args.serve_compiled:
            compiled = load_compiled(source)
        else:
            compiled = compile_schema(source, versioned=args.conflict_handler != "none")
    except (OSError, SchemaError, GraphQLError) as error:
        print(f"appsync-emulator: error: {error}", file=sys.stderr)
        return 1
    if args.print_schema:
        sys.stdout.write(compiled.printable())
        return 0
    serve(args, compiled)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
