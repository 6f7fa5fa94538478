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
"""

import argparse
import json
import os
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

    def log(self, method, path, headers, body):
        if not self.args.request_log:
            return
        entry = {"method": method, "path": path, "headers": sorted(headers), "bodyLength": len(body)}
        with self.log_lock, open(self.args.request_log, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")

    def handle(self, conn):
        if self.args.tls_cert:
            # TLS with the given (self-signed) certificate: a client that verifies certificates
            # refuses it during the handshake, before any request is read.
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(self.args.tls_cert, self.args.tls_key)
            try:
                conn = context.wrap_socket(conn, server_side=True)
            except (ssl.SSLError, OSError):
                conn.close()
                return
        try:
            while True:
                request = read_request(conn)
                if request is None:
                    return
                self.log(*request)
                if not self.answer(conn):
                    return
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            if conn not in self.held:
                conn.close()

    def answer(self, conn):
        """Answers one request; returns False when the connection must not be used again."""
        mode = self.args.mode
        if mode == "html-200":
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
        listener.listen(16)
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
        "html-200", "html-502", "truncated", "huge", "deep", "wrong-shape", "neither", "redirect", "hang", "reset", "ok"])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file")
    parser.add_argument("--request-log")
    parser.add_argument("--size-mb", type=int, default=80)
    parser.add_argument("--chunked", action="store_true")
    parser.add_argument("--depth", type=int, default=100000)
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
