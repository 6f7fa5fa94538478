"""A forward proxy on 127.0.0.1 for the tests of proxied requests (stdlib only): `CONNECT host:port`
is answered 200 and tunnelled byte for byte (what a client does for `https://` and `wss://`, and
for `ws://` through an http proxy); any other request names an absolute URI (`POST http://h/p`),
is sent on to that server in origin form with `Connection: close`, and its answer relayed. Each
request line received is one JSON line in --request-log, so a test sees what went through it.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import socketserver
import threading
from urllib.parse import urlsplit


class Handler(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.connection.recv(65536)
            if not chunk:
                return
            head += chunk
            if len(head) > 1 << 20:
                return
        head, rest = head.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        method, target, version = lines[0].split(" ", 2)
        self.server.log({"method": method, "target": target})
        if method == "CONNECT":
            host, _, port = target.rpartition(":")
            try:
                upstream = socket.create_connection((host.strip("[]"), int(port)), timeout=10)
            except OSError:
                self.connection.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
                return
            self.connection.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            if rest:
                upstream.sendall(rest)
            self.relay(upstream)
            return
        url = urlsplit(target)
        if not url.hostname:
            self.connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
            return
        path = (url.path or "/") + (("?" + url.query) if url.query else "")
        fields = [line for line in lines[1:] if not line.lower().startswith(("connection:", "proxy-"))]
        request = "\r\n".join([f"{method} {path} {version}"] + fields + ["Connection: close", "", ""])
        upstream = socket.create_connection((url.hostname, url.port or 80), timeout=10)
        upstream.sendall(request.encode("latin-1") + rest)
        self.relay(upstream, close_after_answer=True)

    def relay(self, upstream: socket.socket, close_after_answer: bool = False) -> None:
        client = self.connection

        def pump(source: socket.socket, target: socket.socket) -> None:
            try:
                while True:
                    data = source.recv(65536)
                    if not data:
                        break
                    target.sendall(data)
            except OSError:
                pass
            for sock in (source, target):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

        up = threading.Thread(target=pump, args=(client, upstream), daemon=True)
        up.start()
        pump(upstream, client)
        up.join(timeout=1)
        upstream.close()


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, log_path: str | None) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.log_path = log_path
        self.lock = threading.Lock()

    def log(self, entry: dict) -> None:
        if not self.log_path:
            return
        with self.lock, open(self.log_path, "a", encoding="utf-8") as file:
            file.write(json.dumps(entry) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--request-log")
    parser.add_argument("--lifetime", type=float, default=300, help="seconds before it stops by itself")
    args = parser.parse_args()
    threading.Timer(args.lifetime, lambda: os._exit(0)).start()
    server = Server(args.request_log)
    temporary = args.port_file + ".tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(str(server.server_address[1]))
    os.replace(temporary, args.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
