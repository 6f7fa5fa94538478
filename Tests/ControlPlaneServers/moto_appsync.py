"""moto's AppSync control plane on a free loopback port, with one GraphQL API and its schema.

Starts moto's server on 127.0.0.1 (port 0: the kernel picks), creates a GraphQL API through boto3
(CreateGraphqlApi, then StartSchemaCreation with the --schema-file SDL, its AWS scalar and directive
declarations left out as AppSync takes a definition), writes {"endpoint", "apiId"} as JSON to
--setup-file and the port to --port-file, then serves until SIGTERM. Every request's method, path and
whether it was SigV4-signed for service `appsync` go to --request-log, one JSON line each (moto
checks no signature: the emulator's control plane does that).
"""

import argparse
import json
import os
import re
import signal
import threading

import boto3
from werkzeug.serving import make_server

from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--setup-file", required=True)
    parser.add_argument("--request-log", required=True)
    parser.add_argument("--schema-file", required=True, help="the API's SDL (a compiled AppSync schema)")
    args = parser.parse_args()

    app = DomainDispatcherApplication(create_backend_app)
    log_lock = threading.Lock()

    def logging_app(environ, start_response):
        authorization = environ.get("HTTP_AUTHORIZATION", "")
        entry = {"method": environ.get("REQUEST_METHOD"), "path": environ.get("PATH_INFO"),
                 "query": environ.get("QUERY_STRING", ""),
                 "signedForAppSync": authorization.startswith("AWS4-HMAC-SHA256") and "/appsync/aws4_request" in authorization}
        with log_lock, open(args.request_log, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")
        return app(environ, start_response)

    server = make_server("127.0.0.1", 0, logging_app, threaded=True, request_handler=MotoRequestHandler)
    port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    endpoint = f"http://127.0.0.1:{port}"
    client = boto3.client("appsync", region_name="us-east-1", endpoint_url=endpoint,
                          aws_access_key_id="testing", aws_secret_access_key="testing")
    api = client.create_graphql_api(name="gqlpatch-e2e", authenticationType="API_KEY")["graphqlApi"]
    with open(args.schema_file, encoding="utf-8") as file:
        sdl = file.read()
    definition = re.sub(r"^(scalar AWS\w+|directive @aws_\w+.*)\n", "", sdl, flags=re.M)
    client.start_schema_creation(apiId=api["apiId"], definition=definition.encode())
    status = client.get_schema_creation_status(apiId=api["apiId"])
    if status["status"] != "SUCCESS":
        raise SystemExit(f"moto refused the schema: {status}")

    with open(args.setup_file + ".tmp", "w", encoding="utf-8") as file:
        json.dump({"endpoint": endpoint, "apiId": api["apiId"]}, file)
    os.replace(args.setup_file + ".tmp", args.setup_file)
    # The port last: its presence says the set-up is done.
    with open(args.port_file + ".tmp", "w", encoding="utf-8") as file:
        file.write(str(port))
    os.replace(args.port_file + ".tmp", args.port_file)

    stop = threading.Event()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    stop.wait()
    server.shutdown()


if __name__ == "__main__":
    main()
