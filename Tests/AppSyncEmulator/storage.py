"""SQLite storage: one table per model, each item kept as JSON text under its key.

The store is shared by the server's threads; callers hold `store.lock` around a
read-modify-write so that it acts as one DynamoDB conditional write.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from typing import Optional


class Store:
    """Items of every model, keyed by the JSON list of their primary-key values."""

    def __init__(self, path: str, models: list[str], stale_reads: int = 0, stale_ms: int = 0):
        self.lock = threading.RLock()
        # Eventually consistent reads, as DynamoDB's default GetItem (Amplify's get resolver does not
        # ask for consistentRead): after a write, `stale_reads` reads of that item, and every read
        # within `stale_ms`, return the item as it was before the write. (model, key) -> [before,
        # written at (monotonic s), stale reads served].
        self.stale_reads = stale_reads
        self.stale_ms = stale_ms
        self._before: dict[tuple[str, str], list] = {}
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL" if path != ":memory:" else "PRAGMA journal_mode=MEMORY")
        for model in models:
            self._db.execute(f'CREATE TABLE IF NOT EXISTS {self._table(model)} '
                             '(key TEXT PRIMARY KEY, item TEXT NOT NULL)')

    @staticmethod
    def _table(model: str) -> str:
        return f'"model_{model}"'

    @staticmethod
    def _key(values: list) -> str:
        return json.dumps(values, separators=(",", ":"))

    def get(self, model: str, key: list) -> Optional[dict]:
        """The item with this key, or None."""
        with self.lock:
            row = self._db.execute(f"SELECT item FROM {self._table(model)} WHERE key = ?",
                                   (self._key(key),)).fetchone()
        return json.loads(row[0]) if row else None

    def eventual_get(self, model: str, key: list) -> Optional[dict]:
        """A read as an eventually consistent GetItem may answer it: the item before its last write
        while that write is fresh (see `stale_reads`, `stale_ms`), else the item."""
        with self.lock:
            before = self._before.get((model, self._key(key)))
            if before is not None:
                fresh = self.stale_ms and (time.monotonic() - before[1]) * 1000 < self.stale_ms
                if fresh or before[2] < self.stale_reads:
                    before[2] += 1
                    return json.loads(before[0]) if before[0] is not None else None
            return self.get(model, key)

    def _remember(self, model: str, key: list) -> None:
        if not (self.stale_reads or self.stale_ms):
            return
        row = self._db.execute(f"SELECT item FROM {self._table(model)} WHERE key = ?", (self._key(key),)).fetchone()
        self._before[(model, self._key(key))] = [row[0] if row else None, time.monotonic(), 0]

    def put(self, model: str, key: list, item: dict) -> None:
        """Insert or replace an item, keeping its place in scan order."""
        text = json.dumps(item, separators=(",", ":"))
        with self.lock:
            self._remember(model, key)
            updated = self._db.execute(f"UPDATE {self._table(model)} SET item = ? WHERE key = ?",
                                       (text, self._key(key))).rowcount
            if not updated:
                self._db.execute(f"INSERT INTO {self._table(model)} (key, item) VALUES (?, ?)",
                                 (self._key(key), text))

    def delete(self, model: str, key: list) -> None:
        """Remove an item (no error if it is absent)."""
        with self.lock:
            self._remember(model, key)
            self._db.execute(f"DELETE FROM {self._table(model)} WHERE key = ?", (self._key(key),))

    def scan(self, model: str) -> list[dict]:
        """Every item of a model, in insertion order."""
        with self.lock:
            rows = self._db.execute(f"SELECT item FROM {self._table(model)} ORDER BY rowid").fetchall()
        return [json.loads(row[0]) for row in rows]

    def close(self) -> None:
        with self.lock:
            self._db.close()
