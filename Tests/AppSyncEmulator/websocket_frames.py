"""The server side of RFC 6455 that the real-time endpoint needs, on the standard library only.

The opening handshake's accept key, reading client frames (they must be masked; fragments are put
back together; nothing over a size bound is read into memory) and encoding server frames (never
masked). No I/O of its own beyond reading the stream it is given: `realtime.py` owns the socket.
(Not named websocket.py: the emulator's folder is first on sys.path, and that would hide the
websocket-client package a test's third-party client imports.)
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import struct
from dataclasses import dataclass
from typing import BinaryIO, Optional

# RFC 6455 section 1.3: the key is hashed with this GUID to prove the server read the handshake.
GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

CONTINUATION, TEXT, BINARY, CLOSE, PING, PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
CONTROL = {CLOSE, PING, PONG}
KNOWN = {CONTINUATION, TEXT, BINARY} | CONTROL

# Close codes (RFC 6455 section 7.4.1).
NORMAL, GOING_AWAY, PROTOCOL_ERROR, UNSUPPORTED_DATA = 1000, 1001, 1002, 1003
INVALID_PAYLOAD, POLICY_VIOLATION, MESSAGE_TOO_BIG = 1007, 1008, 1009


class ProtocolError(Exception):
    """The client broke the protocol: the connection ends with this close code."""

    def __init__(self, code: int, reason: str):
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass
class Message:
    """A whole message (data frames reassembled) or a control frame."""

    opcode: int
    data: bytes


def accept_key(key: str) -> str:
    """Sec-WebSocket-Accept for a client's Sec-WebSocket-Key."""
    return base64.b64encode(hashlib.sha1((key + GUID).encode("ascii")).digest()).decode("ascii")


def valid_key(key: str) -> bool:
    """A Sec-WebSocket-Key must be 16 random bytes in base64 (section 4.1)."""
    try:
        return len(base64.b64decode(key.strip(), validate=True)) == 16
    except (binascii.Error, ValueError):
        return False


def encode_frame(opcode: int, payload: bytes = b"") -> bytes:
    """One final, unmasked frame (a server never masks, section 5.1)."""
    length = len(payload)
    head = bytes([0x80 | opcode])
    if length < 126:
        head += bytes([length])
    elif length < 1 << 16:
        head += bytes([126]) + struct.pack("!H", length)
    else:
        head += bytes([127]) + struct.pack("!Q", length)
    return head + payload


def close_frame(code: int, reason: str = "") -> bytes:
    # A control frame carries at most 125 bytes: 2 for the code, the rest for the reason.
    return encode_frame(CLOSE, struct.pack("!H", code) + reason.encode("utf-8")[:123])


def unmask(data: bytes, key: bytes) -> bytes:
    """XOR with the repeated 4-byte key, as one big integer (fast enough without numpy)."""
    if not data:
        return data
    stream = (key * (len(data) // 4 + 1))[:len(data)]
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")


def close_code(payload: bytes) -> tuple[int, str]:
    """The code and reason of a received close frame (1005, "no code", when it has none)."""
    if not payload:
        return 1005, ""
    if len(payload) == 1:
        raise ProtocolError(PROTOCOL_ERROR, "a close frame with a one-byte body")
    code = struct.unpack("!H", payload[:2])[0]
    # Codes a peer may send (section 7.4): 1000-1003, 1007-1011, and 3000-4999 for applications.
    if not (code in (1000, 1001, 1002, 1003) or 1007 <= code <= 1011 or 3000 <= code <= 4999):
        raise ProtocolError(PROTOCOL_ERROR, f"close code {code} may not be sent")
    try:
        return code, payload[2:].decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError(INVALID_PAYLOAD, "a close reason that is not UTF-8")


class FrameReader:
    """Reads client frames from a blocking binary stream, with every check a server owes (section 5)."""

    def __init__(self, stream: BinaryIO, max_message_bytes: int):
        self.stream = stream
        self.max_message_bytes = max_message_bytes
        # The message being reassembled: its opcode, the fragments so far and their size.
        self._opcode: Optional[int] = None
        self._parts: list[bytes] = []
        self._size = 0

    def _read(self, count: int) -> Optional[bytes]:
        """Exactly `count` bytes, or None at the end of the stream (a cut frame is an end too)."""
        data = self.stream.read(count) if count else b""
        return data if len(data) == count else None

    def read_frame(self) -> Optional[tuple[bool, int, bytes]]:
        """(fin, opcode, unmasked payload), or None when the stream ended."""
        head = self._read(2)
        if head is None:
            return None
        fin, rsv, opcode = bool(head[0] & 0x80), head[0] & 0x70, head[0] & 0x0F
        masked, length = bool(head[1] & 0x80), head[1] & 0x7F
        if rsv:
            raise ProtocolError(PROTOCOL_ERROR, "reserved bits set without a negotiated extension")
        if opcode not in KNOWN:
            raise ProtocolError(PROTOCOL_ERROR, f"unknown opcode {opcode:#x}")
        if not masked:
            raise ProtocolError(PROTOCOL_ERROR, "an unmasked client frame")
        if length == 126:
            extended = self._read(2)
            if extended is None:
                return None
            length = struct.unpack("!H", extended)[0]
        elif length == 127:
            extended = self._read(8)
            if extended is None:
                return None
            length = struct.unpack("!Q", extended)[0]
            if length >> 63:
                raise ProtocolError(PROTOCOL_ERROR, "a 64-bit length with its top bit set")
        if opcode in CONTROL and (not fin or length > 125):
            raise ProtocolError(PROTOCOL_ERROR, "a fragmented or oversized control frame")
        # Refused before the payload is read, counting the fragments already held: a client cannot
        # make the server buffer more than the bound.
        held = self._size if opcode == CONTINUATION else 0
        if held + length > self.max_message_bytes:
            raise ProtocolError(MESSAGE_TOO_BIG, f"a message over {self.max_message_bytes} bytes")
        key = self._read(4)
        payload = self._read(length)
        if key is None or payload is None:
            return None
        return fin, opcode, unmask(payload, key)

    def read_message(self) -> Optional[Message]:
        """The next control frame or whole data message; None when the stream ended.

        A control frame may come between the fragments of a message (section 5.4): it is returned
        at once and the fragments read so far wait in the reader for the rest."""
        while True:
            frame = self.read_frame()
            if frame is None:
                return None
            fin, opcode, payload = frame
            if opcode in CONTROL:
                return Message(opcode, payload)
            if opcode == CONTINUATION:
                if self._opcode is None:
                    raise ProtocolError(PROTOCOL_ERROR, "a continuation frame with no message to continue")
            elif self._opcode is not None:
                raise ProtocolError(PROTOCOL_ERROR, "a new message before the last one's final fragment")
            else:
                self._opcode = opcode
            self._size += len(payload)
            if self._size > self.max_message_bytes:
                raise ProtocolError(MESSAGE_TOO_BIG, f"a message over {self.max_message_bytes} bytes")
            self._parts.append(payload)
            if fin:
                message = Message(self._opcode, b"".join(self._parts))
                self._opcode, self._parts, self._size = None, [], 0
                if message.opcode == TEXT:
                    try:
                        message.data.decode("utf-8")
                    except UnicodeDecodeError:
                        raise ProtocolError(INVALID_PAYLOAD, "a text message that is not UTF-8")
                return message
