#!/usr/bin/env python3
"""Seeds each fuzz target's corpus folder from files kept in the repository.

Usage: seed-corpus.py CORPUS_ROOT   (make fuzz passes Fuzz/.build/corpus)

Sources: Tests/Fixtures/graphql/*, schema.graphql, the JSON fixtures, Tests/Fixtures/bad-input/*
and Fuzz/Seeds/* (responses, Amplify configs, AWS config files, apply input lines and apply journals written
for this project); the WebSocket streams are built here from RFC 6455's example frames.
Targets whose input starts with a selector byte (status, type, file kind) get one seed per
selector. Existing corpus files (what earlier runs found) are kept; seeds are added by content hash.
"""

import glob
import hashlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def files(*patterns):
    found = []
    for pattern in patterns:
        found += [path for path in glob.glob(os.path.join(ROOT, pattern), recursive=True) if os.path.isfile(path)]
    return sorted(set(found))


def read(path):
    with open(path, "rb") as handle:
        return handle.read()


def write(folder, data):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as handle:
        handle.write(data)


GRAPHQL = ["Tests/Fixtures/graphql/*.graphql", "schema.graphql", "Tests/Fixtures/bad-input/*.graphql"]
JSON = [
    "Tests/Fixtures/**/*.json", "Fuzz/Seeds/responses/*", "Fuzz/Seeds/config/*",
    "Tests/Fixtures/bad-input/*.json", "Tests/Fixtures/bad-input/*.txt",
]
# ValueTyperFuzzTarget.types has 36 entries; one seed text per kind, each tried with every type.
TYPER_TEXTS = [
    b"hello", b"00123", b"42", b"-2147483649", b"3.5e2", b"true", b"2024-02-29", b"2023-02-29", b"12:30:00.123Z",
    b"2024-01-01T00:00:00+01:00", b"1700000000", b"someone@example.com", b'{"a":[1,2,{"b":null}]}',
    b"https://example.com/a?b=c", b"+1 555 0100", b"192.168.0.1", b"::1", b"PUBLISHED",
    b'{"bucket":"b","region":"r","key":"k","size":3}', b'["a","b"]', b"[1,2]", b'[["DRAFT"]]', b"null", b"",
]
# FuzzApplyLine's first byte: bits 0-1 conflict resolution, bit 2 --atomic, bit 3 versioned schema,
# bits 4-6 the chunk size fed to the line reader. A spread of settings, each with every seed line.
APPLY_SELECTORS = [0x00, 0x06, 0x09, 0x0C, 0x35, 0x62, 0x78]
# FuzzHeaderValue: header texts and values, legal and not (CR LF, NUL, DEL, tab, UTF-8, no colon).
HEADER_TEXTS = [
    b"X-Trace: 1", b"x-api-key: da2-abcdefghijklmnopqrstuvwxyz", b"X-A: b\r\nX-Injected: 1", b"X-A: a\x00b",
    b"Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig", b"X-A:\tb\t", b"X-A: caf\xc3\xa9", b"X-A: \x7f",
    b"NoColon", b": empty name", b"X A: b", b"X-A: \r", b"X-A: \n", b"IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJH",
]

# FuzzWebSocketFrames: server streams built from RFC 6455 §5.7's examples (text, fragments with a ping
# between them, the 16- and 64-bit lengths) and a close; each behind two selector bytes (piece size and
# message limit, payload limit), tried with a few settings.
WEBSOCKET_STREAMS = [
    bytes([0x81, 0x05]) + b"Hello",
    bytes([0x01, 0x03]) + b"Hel" + bytes([0x89, 0x05]) + b"Hello" + bytes([0x80, 0x02]) + b"lo",
    bytes([0x82, 0x7E, 0x01, 0x00]) + bytes(range(256)),
    bytes([0x82, 0x7F, 0, 0, 0, 0, 0, 0, 0x00, 0xC8]) + bytes(200),
    bytes([0x8A, 0x00, 0x88, 0x05, 0x03, 0xE8]) + b"bye",
    bytes([0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]),
]
WEBSOCKET_SELECTORS = [(0x00, 0xFF), (0x0F, 0x10), (0x31, 0x80), (0xF7, 0x05)]


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Fuzz/.build/corpus")
    graphql = [read(path) for path in files(*GRAPHQL)]
    json_files = [read(path) for path in files(*JSON)]
    for data in graphql:
        write(os.path.join(corpus, "FuzzSDLLexer"), data)
        write(os.path.join(corpus, "FuzzSDLParser"), data)
        for selector in (0, 1):
            write(os.path.join(corpus, "FuzzSchemaCatalogue"), bytes([selector]) + data)
    for data in json_files:
        write(os.path.join(corpus, "FuzzJSON"), data)
        write(os.path.join(corpus, "FuzzAmplifyConfig"), data)
        if data.lstrip().startswith(b"{") and b"model_introspection" in data:
            write(os.path.join(corpus, "FuzzSchemaCatalogue"), b"\x00" + data)
    for path in files("Fuzz/Seeds/responses/*", "Tests/Fixtures/bad-input/patch-*.json"):
        for status in (200, 400, 401, 302, 429, 502):
            code = status - 100
            write(os.path.join(corpus, "FuzzResponseClassifier"), bytes([code >> 8, code & 0xFF, 3]) + read(path))
    for selector in range(36):
        for text in TYPER_TEXTS:
            write(os.path.join(corpus, "FuzzValueTyper"), bytes([selector]) + text)
    for path in files("Fuzz/Seeds/aws/*", "Tests/Fixtures/bad-input/aws-*"):
        for selector in (0, 1):
            write(os.path.join(corpus, "FuzzAWSConfigFile"), bytes([selector]) + read(path))
    for text in HEADER_TEXTS:
        write(os.path.join(corpus, "FuzzHeaderValue"), text)
    for path in files("Fuzz/Seeds/FuzzApplyLine/*"):
        for selector in APPLY_SELECTORS:
            write(os.path.join(corpus, "FuzzApplyLine"), bytes([selector]) + read(path))
    for path in files("Fuzz/Seeds/FuzzJournal/*"):
        write(os.path.join(corpus, "FuzzJournal"), read(path))
    for path in files("Fuzz/Seeds/FuzzCognitoAnswer/*"):
        write(os.path.join(corpus, "FuzzCognitoAnswer"), read(path))
    for path in files("Fuzz/Seeds/FuzzTokenCacheFile/*"):
        write(os.path.join(corpus, "FuzzTokenCacheFile"), read(path))
    for path in files("Fuzz/Seeds/FuzzRealtimeMessage/*"):
        write(os.path.join(corpus, "FuzzRealtimeMessage"), read(path))
    for path in files("Fuzz/Seeds/FuzzUndoLog/*"):
        write(os.path.join(corpus, "FuzzUndoLog"), read(path))
    for path in files("Fuzz/Seeds/FuzzCSVReader/*"):
        for selector in (b"\x00\x07", b"\x01\x13"):
            write(os.path.join(corpus, "FuzzCSVReader"), selector + read(path))
    for stream in WEBSOCKET_STREAMS:
        for selector in WEBSOCKET_SELECTORS:
            write(os.path.join(corpus, "FuzzWebSocketFrames"), bytes(selector) + stream)


if __name__ == "__main__":
    main()
