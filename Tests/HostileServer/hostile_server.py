#!/usr/bin/env python3
"""A loopback HTTP server that misbehaves on purpose, for gqlpatch's end-to-end tests.

Standard library only. It listens on 127.0.0.1 (port 0 = any free port, written to --port-file),
logs every request it reads to --request-log (one JSON object a line: method, path, header names,
body length) and answers each one according to --mode:

  html-200      200 with an HTML page              html-502   502 with an HTML page
  truncated     200, JSON cut off in the middle (Content-Length matches what is sent)
  huge          200, a JSON body of --size-mb MB, streamed (Content-Length, or chunked with --chunked)
  deep          200, a JSON body nested --depth levels deep
  wrong-shape   200, {"data": {"updateItem": "not an object"}}
  neither       200, a JSON object with neither "data" nor "errors"
  redirect      302 to --location
  hang          reads the request, then never answers (the connection stays open)
  reset         reads the request, then resets the connection (RST)
  ok            200 with a small valid update response (the redirect target uses it)
  echo          every request header (names and values) echoed back, --echo-into: GraphQL errors,
                the record's fields (data), a 500 page, a 200 HTML page, or a control-plane
                refusal (rest: 403 {"message"} with x-amzn-ErrorType, as AWS's REST APIs answer)
  http09        an answer without a status line (HTTP/0.9 style), then close
  huge-header   a status line, then a 10 MB header line
  bad-chunked   200 with Transfer-Encoding: chunked and a chunk size that is not hexadecimal
  short-body    200 announcing 1000 bytes, sending 20, then closing
  dup-length    200 with two Content-Length headers that differ
  close         reads the request, then closes the connection without a word
  container-crlf  GET /creds answers container credentials whose Token holds CR LF; the rest: ok
  imds-crlf     PUT /latest/api/token answers an IMDSv2 token that holds CR LF
  keyed         200 with the record the request names: the root field of the document and the
                input's (or the arguments') fields, so every update, create, delete or get of a
                batch gets its own record back
  early-413     reads the request's head only, answers 413 and closes without reading the body
  endless-103   answers 103 Early Hints, again and again, never a final answer
  chunk-ext     200, chunked, each chunk one byte with a 1,000-byte chunk extension, --size-mb MB of body
  long-header   200 with a 120 KB header line that arrives whole in one piece
  nul-header    200 with a NUL byte inside a header value
  plain-400     a plain-HTTP server's answer to whatever arrives (a TLS hello, say): 400, then close

Connection faults, with any mode (as load balancers close kept-alive connections unannounced):
  --close-every N     after every Nth answer (counted over the server), close that connection
                      without a word (no Connection: close)
  --drop-next         on a kept connection, the request that follows an answer is read in part and
                      the connection closed before it is logged or answered (the keep-alive race:
                      the server closed as the request went out)
  --polite            keyed, with --close-every: the answer before the close says Connection: close
  --close-idle S      close a connection idle S seconds without a word
  --duplicate-every N keyed: every Nth answer (counted over the server) is sent twice, back to back
                      (a second answer nobody asked for, on a connection that stays open)
  --reset-mid-every N keyed: every Nth answer is cut after half its bytes by a reset (RST)
  --delay S           wait S seconds before each answer
"""

import argparse
import itertools
import json
import os
import re
import signal
import socket
import ssl
import struct
import sys
import threading
import time

CHUNK = 64 * 1024


def read_request(conn):
    """Reads one HTTP request; returns (method, path, headers, body) or None at end of stream."""
    data = b""
    while b"\r\n\r\n" not in data:
        part = conn.recv(CHUNK)
        if not part:
            return None
        data += part
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = (lines[0].split(" ") + ["", "", ""])[:3]
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0") or "0")
    body = rest
    while len(body) < length:
        part = conn.recv(CHUNK)
        if not part:
            break
        body += part
    return method, path, headers, body


def response(status, reason, body, content_type="application/json", extra=()):
    head = [f"HTTP/1.1 {status} {reason}", f"Content-Type: {content_type}", f"Content-Length: {len(body)}"]
    head += list(extra)
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


HTML = b"<!DOCTYPE html><html><head><title>Error</title></head><body><h1>Something went wrong</h1></body></html>\n"
OK = json.dumps({"data": {"updateItem": {"id": "item-1", "name": "Lamp"}}}).encode()


class Server:
    def __init__(self, args):
        self.args = args
        self.log_lock = threading.Lock()
        self.held = []
        self.connections = itertools.count()
        self.answered = 0
        self.keyed_answers = 0
        # One context for the server's life: its session tickets then resume on a later connection.
        self.tls_context = None
        if args.tls_cert:
            self.tls_context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            self.tls_context.load_cert_chain(args.tls_cert, args.tls_key)

    def log(self, connection, method, path, headers, body, resumed=None):
        if not self.args.request_log:
            return
        entry = {"method": method, "path": path, "headers": sorted(headers), "bodyLength": len(body),
                 "injected": "x-injected" in headers, "connection": connection}
        if resumed is not None:
            entry["resumed"] = resumed
        with self.log_lock, open(self.args.request_log, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")

    def handle(self, conn):
        number = next(self.connections)
        if self.args.tls_cert:
            # TLS with the given (self-signed) certificate: a client that verifies certificates
            # refuses it during the handshake, before any request is read.
            try:
                conn = self.tls_context.wrap_socket(conn, server_side=True)
            except (ssl.SSLError, OSError):
                conn.close()
                return
        try:
            answered_here = 0
            if self.args.close_idle:
                conn.settimeout(self.args.close_idle)
            while True:
                if self.args.mode == "plain-400":
                    conn.recv(CHUNK)
                    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                    return
                if self.args.mode in ("early-413", "early-413-open"):
                    self.early_413(conn, number, keep_open=self.args.mode == "early-413-open")
                    return
                if self.args.drop_next and answered_here > 0:
                    # The next request's first bytes arrive; the server closes before reading it.
                    try:
                        conn.recv(1)
                    except OSError:
                        pass
                    return
                try:
                    request = read_request(conn)
                except socket.timeout:
                    return
                if request is None:
                    return
                self.log(number, *request, resumed=conn.session_reused if self.args.tls_cert else None)
                closing = False
                if self.args.close_every:
                    with self.log_lock:
                        self.answered += 1
                        closing = self.answered % self.args.close_every == 0
                if not self.answer(conn, request, closing=closing):
                    return
                answered_here += 1
                if closing:
                    return
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            if conn not in self.held:
                conn.close()

    def echo(self, conn, headers, body):
        """Every request header back, in the place --echo-into names."""
        text = "; ".join(f"{name}: {value}" for name, value in sorted(headers.items()))
        place = self.args.echo_into
        if place == "5xx":
            conn.sendall(response(500, "Internal Server Error", f"<html><body>upstream said: {text}</body></html>".encode(), "text/html"))
            return
        if place == "html":
            conn.sendall(response(200, "OK", f"<html><body>{text}</body></html>".encode(), "text/html"))
            return
        if place == "rest":
            document = {"message": f"User is not authorized: {text}"}
            conn.sendall(response(403, "Forbidden", json.dumps(document).encode(),
                                  extra=["x-amzn-ErrorType: AccessDeniedException"]))
            return
        if place == "errors":
            document = {"data": None, "errors": [{"message": f"rejected request with headers {text}", "errorType": "Echo"}]}
            conn.sendall(response(200, "OK", json.dumps(document).encode()))
            return
        # data: the record (or a page of one) whose fields carry the echo, with the key asked for.
        try:
            request = json.loads(body or b"{}")
        except ValueError:
            request = {}
        query = request.get("query", "")
        variables = request.get("variables") or {}
        match = re.search(r"\{\s*(\w+)", query)
        root = match.group(1) if match else "echo"
        key = variables.get("input", variables)
        record = {"id": key.get("id", "item-1") if isinstance(key, dict) else "item-1", "name": text, "description": text}
        # --pages N: a listing runs over N pages, their tokens page-1 ... page-(N-1).
        token = variables.get("nextToken") if isinstance(variables, dict) else None
        page = int(token.split("-")[1]) if isinstance(token, str) and token.startswith("page-") else 0
        following = f"page-{page + 1}" if page + 1 < self.args.pages else None
        value = {"items": [record], "nextToken": following} if root.startswith("list") else record
        conn.sendall(response(200, "OK", json.dumps({"data": {root: value}}).encode()))

    def keyed(self, conn, body, polite=False):
        """The record the request names, under the document's first root field."""
        try:
            request = json.loads(body)
        except ValueError:
            conn.sendall(response(400, "Bad Request", b'{"errors":[{"message":"not JSON"}]}'))
            return
        query = request.get("query", "")
        match = re.search(r"\{\s*(\w+)\s*[({]", query)
        root = match.group(1) if match else "unknown"
        variables = request.get("variables") or {}
        record = dict(variables.get("input") or {k: v for k, v in variables.items() if not isinstance(v, dict)})
        record.pop("_version", None)
        if root.startswith("get"):
            # A stored record: what an edit reads (and guards its write with).
            record = {"name": "Chair", "tags": ["a"], **record}
        record.setdefault("createdAt", "2024-01-01T00:00:00.000Z")
        record.setdefault("updatedAt", "2024-01-01T00:00:00.000Z")
        answer = response(200, "OK", json.dumps({"data": {root: record}}).encode(),
                          extra=["Connection: close"] if polite else [])
        with self.log_lock:
            self.keyed_answers += 1
            count = self.keyed_answers
        if self.args.reset_mid_every and count % self.args.reset_mid_every == 0:
            conn.sendall(answer[: len(answer) // 2])
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            conn.close()
            raise ConnectionResetError("cut mid-answer on purpose")
        if self.args.duplicate_every and count % self.args.duplicate_every == 0:
            answer += answer
        conn.sendall(answer)

    def early_413(self, conn, number, keep_open=False):
        """Reads the head of a request only, answers 413 and closes (or, keep_open, holds the
        connection open for a minute without reading): the body is never read."""
        data = b""
        while b"\r\n\r\n" not in data:
            part = conn.recv(CHUNK)
            if not part:
                return
            data += part
        self.log(number, "POST", "/graphql", {"early": "413"}, b"")
        conn.sendall(response(413, "Payload Too Large", b'{"message":"Request Entity Too Large"}',
                              extra=[] if keep_open else ["Connection: close"]))
        if keep_open:
            time.sleep(60)
            return
        conn.shutdown(socket.SHUT_WR)
        time.sleep(0.2)

    def answer(self, conn, request, closing=False):
        """Answers one request; returns False when the connection must not be used again.
        `closing`: the connection is closed after this answer (--close-every)."""
        mode = self.args.mode
        method, path, headers, body = request
        if self.args.delay:
            time.sleep(self.args.delay)
        if mode == "keyed":
            self.keyed(conn, body, polite=closing and self.args.polite)
        elif mode == "long-header":
            conn.sendall(response(200, "OK", OK, extra=["X-Long: " + "a" * (120 * 1024)]))
        elif mode == "nul-header":
            conn.sendall(response(200, "OK", OK, extra=["X-Nul: before\x00after"]))
        elif mode == "endless-103":
            hint = b"HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload; as=style\r\n\r\n"
            while True:
                conn.sendall(hint * 64)
        elif mode == "chunk-ext":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
            chunk = b"1;" + b"x" * 1000 + b"\r\n \r\n"
            for _ in range(self.args.size_mb * 1024 * 1024):
                conn.sendall(chunk * 16)
            conn.sendall(b"0\r\n\r\n")
            return False
        elif mode == "echo":
            self.echo(conn, headers, body)
        elif mode == "http09":
            conn.sendall(b"hello, this is not HTTP\n")
            return False
        elif mode == "huge-header":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Big: ")
            chunk = b"a" * CHUNK
            for _ in range(10 * 1024 * 1024 // CHUNK):
                conn.sendall(chunk)
            conn.sendall(b"\r\nContent-Length: 2\r\n\r\n{}")
            return False
        elif mode == "bad-chunked":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
            return False
        elif mode == "short-body":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n" + OK[:20])
            return False
        elif mode == "dup-length":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                         + str(len(OK)).encode() + b"\r\nContent-Length: 5\r\n\r\n" + OK)
            return False
        elif mode == "close":
            return False
        elif mode == "container-crlf" and path.startswith("/creds"):
            creds = {"AccessKeyId": "AKIAHOSTILEEXAMPLE01", "SecretAccessKey": "hostile-secret-key-0123456789abcdefghij",
                     "Token": "hostile-token\r\nX-Injected: 1", "Expiration": "2999-01-01T00:00:00Z"}
            conn.sendall(response(200, "OK", json.dumps(creds).encode()))
        elif mode == "imds-crlf" and method == "PUT":
            conn.sendall(response(200, "OK", b"imds-token\r\nX-Injected: 1", "text/plain"))
        elif mode in ("container-crlf", "imds-crlf"):
            conn.sendall(response(200, "OK", OK))
        elif mode == "html-200":
            conn.sendall(response(200, "OK", HTML, "text/html"))
        elif mode == "html-502":
            conn.sendall(response(502, "Bad Gateway", HTML, "text/html"))
        elif mode == "truncated":
            conn.sendall(response(200, "OK", OK[: len(OK) // 2]))
        elif mode == "wrong-shape":
            conn.sendall(response(200, "OK", json.dumps({"data": {"updateItem": "not an object"}}).encode()))
        elif mode == "neither":
            conn.sendall(response(200, "OK", json.dumps({"extensions": {"note": "no data, no errors"}}).encode()))
        elif mode == "deep":
            depth = self.args.depth
            conn.sendall(response(200, "OK", b'{"data":{"updateItem":' + b"[" * depth + b"]" * depth + b"}}"))
        elif mode == "redirect":
            conn.sendall(response(302, "Found", b"", "text/plain", [f"Location: {self.args.location}"]))
        elif mode == "ok":
            conn.sendall(response(200, "OK", OK))
        elif mode == "huge":
            self.send_huge(conn)
            return False
        elif mode == "hang":
            self.held.append(conn)
            return False
        elif mode == "reset":
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            conn.close()
            return False
        return True

    def send_huge(self, conn):
        total = self.args.size_mb * 1024 * 1024
        prefix = b'{"data":{"updateItem":{"id":"item-1","name":"'
        suffix = b'"}}}'
        filler = b"x" * CHUNK
        head = ["HTTP/1.1 200 OK", "Content-Type: application/json"]
        head.append("Transfer-Encoding: chunked" if self.args.chunked else f"Content-Length: {total}")
        conn.sendall(("\r\n".join(head) + "\r\n\r\n").encode())

        def send(data):
            if self.args.chunked:
                conn.sendall(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            else:
                conn.sendall(data)

        send(prefix)
        remaining = total - len(prefix) - len(suffix)
        while remaining > 0:
            part = filler[: min(CHUNK, remaining)]
            send(part)
            remaining -= len(part)
        send(suffix)
        if self.args.chunked:
            conn.sendall(b"0\r\n\r\n")

    def serve(self):
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.args.port))
        listener.listen(128)
        port = listener.getsockname()[1]
        if self.args.port_file:
            temporary = self.args.port_file + ".tmp"
            with open(temporary, "w", encoding="utf-8") as handle:
                handle.write(f"{port}\n")
            os.replace(temporary, self.args.port_file)
        while True:
            conn, _ = listener.accept()
            threading.Thread(target=self.handle, args=(conn,), daemon=True).start()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", required=True, choices=[
        "html-200", "html-502", "truncated", "huge", "deep", "wrong-shape", "neither", "redirect", "hang", "reset", "ok",
        "echo", "http09", "huge-header", "bad-chunked", "short-body", "dup-length", "close", "container-crlf", "imds-crlf",
        "keyed", "early-413", "early-413-open", "endless-103", "chunk-ext", "long-header", "nul-header", "plain-400"])
    parser.add_argument("--close-every", type=int, default=0)
    parser.add_argument("--drop-next", action="store_true")
    parser.add_argument("--polite", action="store_true")
    parser.add_argument("--duplicate-every", type=int, default=0)
    parser.add_argument("--reset-mid-every", type=int, default=0)
    parser.add_argument("--close-idle", type=float, default=0)
    parser.add_argument("--delay", type=float, default=0)
    parser.add_argument("--echo-into", choices=["errors", "data", "5xx", "html", "rest"], default="errors")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file")
    parser.add_argument("--request-log")
    parser.add_argument("--size-mb", type=int, default=80)
    parser.add_argument("--chunked", action="store_true")
    parser.add_argument("--depth", type=int, default=100000)
    parser.add_argument("--pages", type=int, default=1, help="echo --echo-into data: pages of a listing")
    parser.add_argument("--location", default="http://localhost:9/graphql")
    parser.add_argument("--tls-cert", help="serve TLS with this certificate (PEM)")
    parser.add_argument("--tls-key", help="the certificate's private key (PEM)")
    args = parser.parse_args()
    # Foundation's Process on Linux may start children with SIGTERM/SIGINT blocked: unblock them so
    # the tests can stop the server.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    try:
        Server(args).serve()
    except KeyboardInterrupt:
        sys.exit(0)


if __name__ == "__main__":
    main()
