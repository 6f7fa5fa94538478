"""Conflict resolution: versions, optimistic concurrency, automerge, soft delete, sync."""

import time
import unittest

import support

SELECTION = "id name description tags _version _deleted _lastChangedAt"
CREATE = f"mutation($input: CreateItemInput!) {{ createItem(input: $input) {{ {SELECTION} }} }}"
UPDATE = f"""mutation($input: UpdateItemInput!, $condition: ModelItemConditionInput) {{
  updateItem(input: $input, condition: $condition) {{ {SELECTION} }}
}}"""
DELETE = f"mutation($input: DeleteItemInput!) {{ deleteItem(input: $input) {{ {SELECTION} }} }}"


class VersionedTestCase(unittest.TestCase):
    handler = "optimistic"

    @classmethod
    def setUpClass(cls):
        cls.emulator = support.Emulator("--conflict-handler", cls.handler)

    @classmethod
    def tearDownClass(cls):
        cls.emulator.stop()

    def create(self, **fields) -> dict:
        fields.setdefault("name", "n")
        response = self.emulator.graphql(CREATE, {"input": fields})
        self.assertNotIn("errors", response)
        return response["data"]["createItem"]

    def update(self, **fields) -> dict:
        return self.emulator.graphql(UPDATE, {"input": fields})


class OptimisticTests(VersionedTestCase):
    handler = "optimistic"

    def test_versions_start_at_one_and_increment(self):
        before = int(time.time() * 1000)
        item = self.create()
        self.assertEqual(item["_version"], 1)
        self.assertIsNone(item["_deleted"])
        self.assertGreaterEqual(item["_lastChangedAt"], before)
        updated = self.update(id=item["id"], name="m", _version=1)["data"]["updateItem"]
        self.assertEqual(updated["_version"], 2)
        self.assertEqual(self.update(id=item["id"], name="o", _version=2)["data"]["updateItem"]["_version"], 3)

    def test_stale_version_is_rejected_with_the_server_item(self):
        item = self.create(name="server")
        self.update(id=item["id"], name="newer", _version=1)
        response = self.update(id=item["id"], name="mine", _version=1)
        self.assertEqual(response["data"], {"updateItem": None})
        [error] = response["errors"]
        self.assertEqual(error["errorType"], "ConflictUnhandled")
        self.assertEqual(error["message"], "Conflict resolver rejects mutation.")
        self.assertIsNone(error["errorInfo"])
        self.assertEqual(error["path"], ["updateItem"])
        self.assertEqual(set(error["data"]), set(SELECTION.split()))
        self.assertEqual((error["data"]["name"], error["data"]["_version"]), ("newer", 2))

    def test_conflict_data_follows_the_selection(self):
        item = self.create()
        query = "mutation($i: UpdateItemInput!) { updateItem(input: $i) { v: _version __typename } }"
        response = self.emulator.graphql(query, {"i": {"id": item["id"], "name": "x", "_version": 7}})
        self.assertEqual(response["errors"][0]["data"], {"v": 1, "__typename": "Item"})

    def test_missing_version_counts_as_zero(self):
        item = self.create()
        response = self.update(id=item["id"], name="x")
        self.assertEqual(response["errors"][0]["errorType"], "ConflictUnhandled")

    def test_condition_still_applies(self):
        item = self.create(name="c")
        response = self.emulator.graphql(UPDATE, {"input": {"id": item["id"], "_version": 1},
                                                  "condition": {"name": {"eq": "other"}}})
        self.assertEqual(response["errors"][0]["errorType"], "DynamoDB:ConditionalCheckFailedException")

    def test_delete_is_soft_and_sync_returns_it(self):
        item = self.create(name="gone")
        stale = self.emulator.graphql(DELETE, {"input": {"id": item["id"]}})
        self.assertEqual(stale["errors"][0]["errorType"], "ConflictUnhandled")
        deleted = self.emulator.graphql(DELETE, {"input": {"id": item["id"], "_version": 1}})["data"]["deleteItem"]
        self.assertEqual((deleted["_deleted"], deleted["_version"]), (True, 2))
        fetched = self.emulator.graphql("query($id: ID!) { getItem(id: $id) { _deleted _version } }", {"id": item["id"]})
        self.assertEqual(fetched["data"]["getItem"], {"_deleted": True, "_version": 2})
        synced = self.emulator.graphql("{ syncItems(filter: {name: {eq: \"gone\"}}) { items { id _deleted } startedAt } }")
        self.assertEqual(synced["data"]["syncItems"]["items"], [{"id": item["id"], "_deleted": True}])
        self.assertIsInstance(synced["data"]["syncItems"]["startedAt"], int)

    def test_sync_last_sync(self):
        item = self.create(name="recent")
        future = int(time.time() * 1000) + 60_000
        query = "query($t: AWSTimestamp) { syncItems(lastSync: $t, filter: {name: {eq: \"recent\"}}) { items { id } } }"
        self.assertEqual(self.emulator.graphql(query, {"t": future})["data"]["syncItems"]["items"], [])
        self.assertEqual(self.emulator.graphql(query, {"t": 0})["data"]["syncItems"]["items"], [{"id": item["id"]}])


class AutomergeTests(VersionedTestCase):
    handler = "automerge"

    def test_stale_update_keeps_server_scalars_and_concatenates_lists(self):
        item = self.create(name="server", tags=["a", "b"])
        response = self.update(id=item["id"], name="mine", description="new", tags=["c"])
        self.assertNotIn("errors", response)
        merged = response["data"]["updateItem"]
        self.assertEqual(merged["name"], "server")
        self.assertEqual(merged["description"], "new")
        self.assertEqual(merged["tags"], ["a", "b", "c"])
        self.assertEqual(merged["_version"], 2)

    def test_current_version_applies_normally(self):
        item = self.create(name="server", tags=["a"])
        updated = self.update(id=item["id"], name="mine", tags=["z"], _version=1)["data"]["updateItem"]
        self.assertEqual((updated["name"], updated["tags"], updated["_version"]), ("mine", ["z"], 2))

    def test_whole_model_update_doubles_lists(self):
        item = self.create(name="n", tags=["0", "1", "2"])
        merged = self.update(id=item["id"], name="n", tags=["0", "1", "2"])["data"]["updateItem"]
        self.assertEqual(merged["tags"], ["0", "1", "2", "0", "1", "2"])


if __name__ == "__main__":
    unittest.main()
