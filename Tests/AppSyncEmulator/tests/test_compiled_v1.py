"""`--serve-compiled`: what the real v1 transformer compiled, with v1 `@versioned` semantics."""

import json
import tempfile
import unittest
from pathlib import Path

import support

SOURCE = """
type Note @model @versioned {
  id: ID!
  title: String!
  body: String
}
type Doc @model @versioned(versionField: "rev", versionInput: "expectedRev") @key(fields: ["owner", "slug"]) {
  owner: String!
  slug: String!
  rev: Int
  text: String
}
type Plain @model @key(fields: ["sku"]) {
  sku: String!
  name: String
}
"""

NOTE = "id title body version createdAt updatedAt"
CREATE_NOTE = f"mutation($input: CreateNoteInput!) {{ createNote(input: $input) {{ {NOTE} }} }}"
UPDATE_NOTE = f"""mutation($input: UpdateNoteInput!, $condition: ModelNoteConditionInput) {{
  updateNote(input: $input, condition: $condition) {{ {NOTE} }}
}}"""
DELETE_NOTE = f"mutation($input: DeleteNoteInput!) {{ deleteNote(input: $input) {{ {NOTE} }} }}"
GET_NOTE = f"query($id: ID!) {{ getNote(id: $id) {{ {NOTE} }} }}"


class ServeCompiledTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.compiled = support.compile_v1(SOURCE, Path(cls.folder.name))
        cls.emulator = support.Emulator(compiled=cls.compiled)

    @classmethod
    def tearDownClass(cls):
        cls.emulator.stop()
        cls.folder.cleanup()

    def create_note(self, **fields) -> dict:
        fields.setdefault("title", "t")
        response = self.emulator.graphql(CREATE_NOTE, {"input": fields})
        self.assertNotIn("errors", response)
        return response["data"]["createNote"]

    def assert_conditional_check_failed(self, response: dict, field: str):
        self.assertEqual(response["data"], {field: None})
        error = response["errors"][0]
        self.assertEqual(error["errorType"], "DynamoDB:ConditionalCheckFailedException")
        self.assertTrue(error["message"].startswith("The conditional request failed"), error["message"])
        self.assertEqual(error["path"], [field])

    def test_create_sets_version_one(self):
        note = self.create_note()
        self.assertEqual(note["version"], 1)

    def test_update_with_the_expected_version_increments_it(self):
        note = self.create_note()
        first = self.emulator.graphql(UPDATE_NOTE, {"input": {"id": note["id"], "body": "b", "expectedVersion": 1}})
        self.assertNotIn("errors", first)
        self.assertEqual(first["data"]["updateNote"]["version"], 2)
        self.assertEqual(first["data"]["updateNote"]["body"], "b")
        second = self.emulator.graphql(UPDATE_NOTE, {"input": {"id": note["id"], "title": "u", "expectedVersion": 2}})
        self.assertEqual(second["data"]["updateNote"]["version"], 3)
        self.assertEqual(second["data"]["updateNote"]["body"], "b")

    def test_update_with_another_version_fails_the_condition_and_writes_nothing(self):
        note = self.create_note(body="before")
        response = self.emulator.graphql(UPDATE_NOTE, {"input": {"id": note["id"], "body": "x", "expectedVersion": 7}})
        self.assert_conditional_check_failed(response, "updateNote")
        stored = self.emulator.graphql(GET_NOTE, {"id": note["id"]})["data"]["getNote"]
        self.assertEqual((stored["version"], stored["body"]), (1, "before"))

    def test_expected_version_is_required_by_the_schema(self):
        note = self.create_note()
        response = self.emulator.graphql(UPDATE_NOTE, {"input": {"id": note["id"], "body": "x"}})
        self.assertIsNone(response["data"])
        self.assertEqual(response["errors"][0]["message"], "Variable 'input' has coerced Null value for NonNull type 'Int!'")

    def test_delete_checks_the_version_and_is_a_hard_delete(self):
        note = self.create_note()
        wrong = self.emulator.graphql(DELETE_NOTE, {"input": {"id": note["id"], "expectedVersion": 2}})
        self.assert_conditional_check_failed(wrong, "deleteNote")
        right = self.emulator.graphql(DELETE_NOTE, {"input": {"id": note["id"], "expectedVersion": 1}})
        self.assertEqual(right["data"]["deleteNote"]["id"], note["id"])
        self.assertIsNone(self.emulator.graphql(GET_NOTE, {"id": note["id"]})["data"]["getNote"])

    def test_renamed_version_field_and_input_on_a_composite_key(self):
        create = "mutation($i: CreateDocInput!) { createDoc(input: $i) { owner slug rev } }"
        update = "mutation($i: UpdateDocInput!) { updateDoc(input: $i) { owner slug rev text } }"
        created = self.emulator.graphql(create, {"i": {"owner": "o", "slug": "s"}})["data"]["createDoc"]
        self.assertEqual(created["rev"], 1)
        # A `rev` sent in the update input is overwritten by the resolver's expectedRev + 1.
        updated = self.emulator.graphql(update, {"i": {"owner": "o", "slug": "s", "rev": 40, "text": "t",
                                                       "expectedRev": 1}})
        self.assertEqual(updated["data"]["updateDoc"], {"owner": "o", "slug": "s", "rev": 2, "text": "t"})
        stale = self.emulator.graphql(update, {"i": {"owner": "o", "slug": "s", "text": "u", "expectedRev": 1}})
        self.assert_conditional_check_failed(stale, "updateDoc")

    def test_unversioned_model_with_a_custom_key(self):
        create = "mutation($i: CreatePlainInput!) { createPlain(input: $i) { sku name } }"
        get = "query { getPlain(sku: \"k\") { sku name } }"
        self.emulator.graphql(create, {"i": {"sku": "k", "name": "n"}})
        self.assertEqual(self.emulator.graphql(get)["data"]["getPlain"], {"sku": "k", "name": "n"})
        listed = self.emulator.graphql("query { listPlains { items { sku } } }")["data"]["listPlains"]["items"]
        self.assertIn({"sku": "k"}, listed)

    def test_the_served_schema_is_the_compiled_one(self):
        printed = support.run_cli("--serve-compiled", str(self.compiled), "--print-schema")
        self.assertEqual(printed.returncode, 0, printed.stderr)
        self.assertIn("input UpdateNoteInput {\n  id: ID!\n  title: String\n  body: String\n  expectedVersion: Int!\n}",
                      printed.stdout)


class WriteAfterTests(unittest.TestCase):
    """`--write-after N:BODY`: another writer's change lands right after the Nth request."""

    def test_a_write_between_a_read_and_a_write_makes_the_version_stale(self):
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        compiled = support.compile_v1(SOURCE, Path(folder.name))
        other = json.dumps({"query": UPDATE_NOTE, "variables": {"input": {"id": "n1", "body": "other",
                                                                          "expectedVersion": 1}}})
        emulator = support.Emulator("--write-after", f"2:{other}", compiled=compiled)
        self.addCleanup(emulator.stop)
        emulator.graphql(CREATE_NOTE, {"input": {"id": "n1", "title": "t"}})
        read = emulator.graphql(GET_NOTE, {"id": "n1"})["data"]["getNote"]
        self.assertEqual((read["version"], read["body"]), (1, None))
        stale = emulator.graphql(UPDATE_NOTE, {"input": {"id": "n1", "body": "mine", "expectedVersion": 1}})
        self.assertEqual(stale["errors"][0]["errorType"], "DynamoDB:ConditionalCheckFailedException")
        stored = emulator.graphql(GET_NOTE, {"id": "n1"})["data"]["getNote"]
        self.assertEqual((stored["version"], stored["body"]), (2, "other"))
        self.assertEqual(len(emulator.logged_requests()), 4, "the other writer's request is not logged")

    def test_a_bad_argument_is_refused(self):
        result = support.run_cli("--schema", str(support.REPO_SCHEMA), "--write-after", "0:{}", "--print-schema")
        self.assertEqual(result.returncode, 2)
        self.assertIn("expected N:BODY", result.stderr)


if __name__ == "__main__":
    unittest.main()
