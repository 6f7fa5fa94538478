"""A real-time endpoint that replays frames the AppSync service is published to send, and misbehaves
as real infrastructure does, for the client's tests: a loopback server on 127.0.0.1 (stdlib only).

It serves `POST /graphql` with one fixed record for any `get<Model>` (the fields asked for: `id`
"42", `name` "Chair", timestamps, others null), so that `wait` has a record to read, and
`GET /graphql/realtime` as a WebSocket in AppSync's graphql-ws dialect. Every connection attempt
and request is one JSON line in --request-log.

Modes (--mode):
  script        acknowledge the connection, then answer each start with the next frames of --frames
                (one JSON message a line; "{id}" becomes the start's id and "{field}" its
                subscription field) up to a line `pause` (wait for the next start) or `close`
                (close the connection); a line `start_ack` acknowledges the start; a start with
                no frames left is acknowledged. A connection_error frame first in line answers
                the connection_init instead (and closes).
  ack-close     acknowledge with --connection-timeout-ms (written into the JSON as given: 0, -1,
                9223372036854775807), then close the TCP connection at once.
  down-after-first
                the first connection runs (ack, start_ack) and is closed after --up-ms; every later
                connection is closed as soon as it is accepted, without an answer.
  status        answer the handshake with HTTP --status.

The frames replayed, and where each was published:
  {"type":"error","payload":{"errors":{"errorType":"LimitExceededError","message":"Rate limit exceeded"}}}
  {"id":"…","type":"error","payload":{"errors":{"errorType":"MaxSubscriptionsReachedError","message":"Max number of 100 subscriptions reached"}}}
      aws-amplify/aws-appsync-realtime-client-ios, AppSyncRealTimeClient/ConnectionProvider/
      AppsyncRealtimeConnection/RealtimeConnectionProviderResponse.swift ("observed response from
      the service"); ../shared/reference/appsync.md §9.4.
  {"type":"connection_error","payload":{"errors":[{"errorType":"UnauthorizedException","message":"You are not authorized to make this call.","errorCode":401}]}}
      aws-amplify/amplify-flutter#2763.
  {"type":"error","payload":{"errors":[{"errorType":"UnauthorizedException","message":"Token expired"}]}}
      the error amplify-js re-authenticates on after subscribing (aws-amplify/amplify-js#14569).
The test that uses each frame writes it into its --frames file with the same source beside it.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import socket
import struct
import threading
import time

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Server:
    def __init__(self, args):
        self.args = args
        self.lock = threading.Lock()
        self.number = 0
        self.frames = []
        if args.frames:
            with open(args.frames) as handle:
                self.frames = [line.strip() for line in handle if line.strip() and not line.startswith("#")]

    def log(self, entry: dict) -> None:
        if not self.args.request_log:
            return
        with self.lock, open(self.args.request_log, "a") as handle:
            handle.write(json.dumps(entry) + "\n")

    def serve(self) -> None:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.args.port))
        listener.listen(64)
        port = listener.getsockname()[1]
        if self.args.port_file:
            temporary = self.args.port_file + ".tmp"
            with open(temporary, "w") as handle:
                handle.write(f"{port}\n")
            os.replace(temporary, self.args.port_file)
        deadline = time.monotonic() + self.args.lifetime
        listener.settimeout(1.0)
        while time.monotonic() < deadline:
            try:
                conn, _ = listener.accept()
            except socket.timeout:
                continue
            with self.lock:
                self.number += 1
                number = self.number
            threading.Thread(target=self.handle, args=(conn, number), daemon=True).start()

    def handle(self, conn: socket.socket, number: int) -> None:
        conn.settimeout(30)
        try:
            head, rest = read_head(conn)
            if head is None:
                return
            lines = head.split("\r\n")
            method, path = lines[0].split(" ")[:2]
            headers = {}
            for line in lines[1:]:
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            if method == "POST":
                self.graphql(conn, number, headers, rest)
                return
            self.realtime(conn, number, path, headers, rest)
        except OSError:
            pass
        finally:
            try:
                conn.close()
            except OSError:
                pass

    # -- GraphQL: one fixed record
    def graphql(self, conn, number, headers, rest: bytes) -> None:
        length = int(headers.get("content-length", "0"))
        body = rest
        while len(body) < length:
            chunk = conn.recv(65536)
            if not chunk:
                return
            body += chunk
        request = json.loads(body[:length] or b"{}")
        query = request.get("query", "")
        self.log({"connection": number, "graphql": query[:200]})
        data = None
        match = re.search(r"\b(get\w+)\s*\(", query)
        if match:
            brace = query.index("{", match.end())
            depth, names, token = 0, [], ""
            for character in query[brace:]:
                if character == "{":
                    depth += 1
                elif character == "}":
                    depth -= 1
                    if depth == 0:
                        break
                if depth == 1 and (character.isalnum() or character == "_"):
                    token += character
                else:
                    if token and depth == 1:
                        names.append(token)
                    token = ""
            values = {"id": "42", "name": "Chair", "createdAt": "2026-01-01T00:00:00.000Z",
                      "updatedAt": "2026-01-01T00:00:00.000Z", "__typename": "Item"}
            data = {match.group(1): {name: values.get(name) for name in names if name not in self.args.omit}}
        answer = json.dumps({"data": data}).encode()
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
                     + f"Content-Length: {len(answer)}\r\n\r\n".encode() + answer)

    # -- the real-time endpoint
    def realtime(self, conn, number, path, headers, rest: bytes) -> None:
        protocols = headers.get("sec-websocket-protocol", "")
        self.log({"connection": number, "realtime": "connect", "path": path,
                  "form": "subprotocol" if "header-" in protocols else "query"})
        mode = self.args.mode
        if mode == "down-after-first" and number > 1:
            return
        if mode == "status":
            body = json.dumps({"message": "Not Found"}).encode()
            conn.sendall(f"HTTP/1.1 {self.args.status} Not Found\r\nContent-Type: application/json\r\n"
                         f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
            return
        accept = base64.b64encode(hashlib.sha1((headers["sec-websocket-key"] + GUID).encode()).digest()).decode()
        conn.sendall(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Accept: {accept}\r\nSec-WebSocket-Protocol: graphql-ws\r\n\r\n").encode())
        reader = FrameReader(conn, rest)
        message = reader.message()
        if message is None:
            return
        ack = '{"type":"connection_ack","payload":{"connectionTimeoutMs":%s}}' % self.args.connection_timeout_ms
        if mode == "ack-close":
            send_text(conn, ack)
            return
        if mode == "script" and self.frames and self.frames[0].startswith('{"type":"connection_error"'):
            with self.lock:
                frame = self.frames.pop(0)
            send_text(conn, frame)
            self.log({"connection": number, "sent": frame})
            return
        send_text(conn, ack)
        up_until = time.monotonic() + self.args.up_ms / 1000 if mode == "down-after-first" else None
        conn.settimeout(0.05)
        while True:
            if up_until is not None and time.monotonic() >= up_until:
                return
            try:
                message = reader.message()
            except socket.timeout:
                continue
            if message is None:
                return
            try:
                decoded = json.loads(message)
            except ValueError:
                continue
            if decoded.get("type") != "start":
                if decoded.get("type") == "stop":
                    send_text(conn, json.dumps({"type": "complete", "id": decoded.get("id")}))
                continue
            subscription_id = decoded.get("id", "")
            data = json.loads(decoded["payload"]["data"])
            field = re.search(r"\{\s*(on\w+)", data["query"]).group(1)
            self.log({"connection": number, "realtime": "start", "id": subscription_id})
            acked = sent = False
            while True:
                with self.lock:
                    frame = self.frames.pop(0) if mode == "script" and self.frames else None
                if frame is None or frame == "pause":
                    break
                if frame == "close":
                    return
                if frame == "start_ack":
                    frame = json.dumps({"type": "start_ack", "id": subscription_id})
                    acked = True
                frame = frame.replace("{id}", subscription_id).replace("{field}", field)
                send_text(conn, frame)
                self.log({"connection": number, "sent": frame})
                sent = True
            if not sent and not acked:
                send_text(conn, json.dumps({"type": "start_ack", "id": subscription_id}))


def read_head(conn) -> tuple:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None, b""
        data += chunk
        if len(data) > 65536:
            return None, b""
    head, _, rest = data.partition(b"\r\n\r\n")
    return head.decode("latin-1"), rest


class FrameReader:
    def __init__(self, conn, leftover: bytes):
        self.conn = conn
        self.buffer = leftover

    def _need(self, count: int) -> bool:
        while len(self.buffer) < count:
            chunk = self.conn.recv(65536)
            if not chunk:
                return False
            self.buffer += chunk
        return True

    def message(self):
        """The next text message (client frames are masked), or None at the end."""
        while True:
            if not self._need(2):
                return None
            first, second = self.buffer[0], self.buffer[1]
            length = second & 0x7F
            offset = 2
            if length == 126:
                if not self._need(4):
                    return None
                length = struct.unpack(">H", self.buffer[2:4])[0]
                offset = 4
            elif length == 127:
                if not self._need(10):
                    return None
                length = struct.unpack(">Q", self.buffer[2:10])[0]
                offset = 10
            if not self._need(offset + 4 + length):
                return None
            mask = self.buffer[offset:offset + 4]
            payload = bytes(b ^ mask[i % 4] for i, b in enumerate(self.buffer[offset + 4:offset + 4 + length]))
            self.buffer = self.buffer[offset + 4 + length:]
            opcode = first & 0x0F
            if opcode == 8:
                return None
            if opcode == 1:
                return payload.decode("utf-8")


def send_text(conn, text: str) -> None:
    payload = text.encode("utf-8")
    if len(payload) < 126:
        head = struct.pack(">BB", 0x81, len(payload))
    elif len(payload) < 65536:
        head = struct.pack(">BBH", 0x81, 126, len(payload))
    else:
        head = struct.pack(">BBQ", 0x81, 127, len(payload))
    conn.sendall(head + payload)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", required=True, choices=["script", "ack-close", "down-after-first", "status"])
    parser.add_argument("--frames", help="script: the frames to send, one JSON message a line")
    parser.add_argument("--connection-timeout-ms", default="300000")
    parser.add_argument("--up-ms", type=int, default=300)
    parser.add_argument("--status", type=int, default=404)
    parser.add_argument("--omit", action="append", default=[], help="leave this field out of the record read")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file")
    parser.add_argument("--request-log")
    parser.add_argument("--lifetime", type=float, default=300, help="seconds before it stops by itself")
    Server(parser.parse_args()).serve()


if __name__ == "__main__":
    main()
