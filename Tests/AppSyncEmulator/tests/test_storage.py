"""The store's eventually consistent reads (--stale-reads, --stale-read-ms)."""

import time
import unittest

import support  # noqa: F401  (puts the emulator on the path)
from storage import Store


class StaleReadTests(unittest.TestCase):
    def test_the_next_reads_after_a_write_return_the_item_before_it(self):
        store = Store(":memory:", ["Item"], stale_reads=2)
        store.put("Item", ["1"], {"id": "1", "name": "old"})
        self.assertIsNone(store.eventual_get("Item", ["1"]), "the read before the create's item")
        self.assertIsNone(store.eventual_get("Item", ["1"]))
        self.assertEqual(store.eventual_get("Item", ["1"])["name"], "old")
        store.put("Item", ["1"], {"id": "1", "name": "new"})
        self.assertEqual([store.eventual_get("Item", ["1"])["name"] for _ in range(3)], ["old", "old", "new"])
        self.assertEqual(store.get("Item", ["1"])["name"], "new", "a consistent read sees the write")

    def test_every_read_within_the_window_is_stale(self):
        store = Store(":memory:", ["Item"], stale_ms=200)
        store.put("Item", ["1"], {"id": "1", "name": "old"})
        time.sleep(0.25)
        store.put("Item", ["1"], {"id": "1", "name": "new"})
        self.assertEqual([store.eventual_get("Item", ["1"])["name"] for _ in range(5)], ["old"] * 5)
        time.sleep(0.25)
        self.assertEqual(store.eventual_get("Item", ["1"])["name"], "new")

    def test_without_the_options_reads_are_consistent(self):
        store = Store(":memory:", ["Item"])
        store.put("Item", ["1"], {"id": "1", "name": "old"})
        store.put("Item", ["1"], {"id": "1", "name": "new"})
        self.assertEqual(store.eventual_get("Item", ["1"])["name"], "new")


if __name__ == "__main__":
    unittest.main()
