"""Generated-resolver semantics over HTTP: create, update, delete, conditions, scalars."""

import re
import unittest
import uuid

import support

CCF_MESSAGE = re.compile(r"^The conditional request failed \(Service: DynamoDb, Status Code: 400, "
                         r"Request ID: [A-Z0-9]{52}\)$")
ISO_MS = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$")

CREATE_ITEM = """mutation($input: CreateItemInput!, $condition: ModelItemConditionInput) {
  createItem(input: $input, condition: $condition) { id name description tags modelFile { bucket key size } createdAt updatedAt }
}"""
UPDATE_ITEM = """mutation($input: UpdateItemInput!, $condition: ModelItemConditionInput) {
  updateItem(input: $input, condition: $condition) { id name description tags modelFile { bucket key size } updatedAt }
}"""
DELETE_ITEM = "mutation($input: DeleteItemInput!) { deleteItem(input: $input) { id name } }"
GET_ITEM = "query($id: ID!) { getItem(id: $id) { id name description tags modelFile { bucket key size } } }"


class MutationTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.emulator = support.Emulator()

    @classmethod
    def tearDownClass(cls):
        cls.emulator.stop()

    def create(self, **fields) -> dict:
        fields.setdefault("name", "thing")
        response = self.emulator.graphql(CREATE_ITEM, {"input": fields})
        self.assertNotIn("errors", response)
        return response["data"]["createItem"]

    def assert_conditional_check_failed(self, response: dict, field: str):
        self.assertEqual(response["data"], {field: None})
        [error] = response["errors"]
        self.assertEqual(list(error), ["path", "data", "errorType", "errorInfo", "locations", "message"])
        self.assertEqual(error["path"], [field])
        self.assertIsNone(error["data"])
        self.assertIsNone(error["errorInfo"])
        self.assertEqual(error["errorType"], "DynamoDB:ConditionalCheckFailedException")
        self.assertRegex(error["message"], CCF_MESSAGE)
        self.assertEqual(error["locations"], [{"line": 2, "column": 3, "sourceName": None}])

    # -- create

    def test_create_generates_id_and_timestamps(self):
        item = self.create(name="a", tags=["x", "y"])
        self.assertEqual(str(uuid.UUID(item["id"], version=4)), item["id"])
        self.assertRegex(item["createdAt"], ISO_MS)
        self.assertEqual(item["createdAt"], item["updatedAt"])
        self.assertEqual(item["tags"], ["x", "y"])

    def test_create_keeps_a_client_id(self):
        self.assertEqual(self.create(id="client-id-1")["id"], "client-id-1")

    def test_create_refuses_an_existing_key(self):
        self.create(id="dup-1")
        response = self.emulator.graphql(CREATE_ITEM, {"input": {"id": "dup-1", "name": "again"}})
        self.assert_conditional_check_failed(response, "createItem")

    def test_create_with_failing_condition(self):
        response = self.emulator.graphql(CREATE_ITEM, {"input": {"name": "c"},
                                                       "condition": {"name": {"attributeExists": True}}})
        self.assert_conditional_check_failed(response, "createItem")

    # -- update

    def test_update_sets_present_removes_null_and_keeps_absent(self):
        item = self.create(name="n", description="d", tags=["t"], modelFile={"bucket": "b", "region": "r", "key": "k"})
        response = self.emulator.graphql(UPDATE_ITEM, {"input": {"id": item["id"], "description": None,
                                                                 "tags": ["u", "v"]}})
        updated = response["data"]["updateItem"]
        self.assertEqual(updated["name"], "n")
        self.assertIsNone(updated["description"])
        self.assertEqual(updated["tags"], ["u", "v"])
        self.assertEqual(updated["modelFile"], {"bucket": "b", "key": "k", "size": None})
        self.assertGreaterEqual(updated["updatedAt"], item["updatedAt"])
        stored = self.emulator.graphql(GET_ITEM, {"id": item["id"]})["data"]["getItem"]
        self.assertEqual(stored, {"id": item["id"], "name": "n", "description": None, "tags": ["u", "v"],
                                  "modelFile": {"bucket": "b", "key": "k", "size": None}})

    def test_update_removed_attribute_fails_attribute_exists(self):
        item = self.create(description="d")
        self.emulator.graphql(UPDATE_ITEM, {"input": {"id": item["id"], "description": None}})
        response = self.emulator.graphql(UPDATE_ITEM, {"input": {"id": item["id"], "name": "x"},
                                                       "condition": {"description": {"attributeExists": True}}})
        self.assert_conditional_check_failed(response, "updateItem")

    def test_update_of_missing_item_fails(self):
        response = self.emulator.graphql(UPDATE_ITEM, {"input": {"id": "does-not-exist", "name": "x"}})
        self.assert_conditional_check_failed(response, "updateItem")

    def test_update_conditions(self):
        item = self.create(name="cond", description="hello world", tags=["a", "b"])
        passing = [
            {"name": {"eq": "cond"}}, {"name": {"ne": "other"}}, {"name": {"beginsWith": "co"}},
            {"description": {"contains": "world"}}, {"description": {"notContains": "moon"}},
            {"tags": {"contains": "a"}}, {"name": {"between": ["a", "d"]}}, {"name": {"gt": "b", "lt": "d"}},
            {"name": {"ge": "cond", "le": "cond"}}, {"name": {"size": {"eq": 4}}},
            {"description": {"attributeType": "string"}}, {"tags": {"attributeType": "list"}},
            {"or": [{"name": {"eq": "x"}}, {"name": {"eq": "cond"}}]},
            {"and": [{"name": {"eq": "cond"}}, {"description": {"attributeExists": True}}]},
            {"not": {"name": {"eq": "x"}}}, {"createdAt": {"eq": item["createdAt"]}},
            {"name": {"eq": "cond"}, "description": {"beginsWith": "hello"}},
        ]
        failing = [
            {"name": {"eq": "x"}}, {"name": {"ne": "cond"}}, {"description": {"contains": "moon"}},
            {"tags": {"notContains": "a"}}, {"name": {"size": {"gt": 4}}},
            {"not": {"name": {"eq": "cond"}}}, {"name": {"eq": "cond"}, "description": {"eq": "nope"}},
            {"and": [{"name": {"eq": "cond"}}, {"name": {"eq": "x"}}]},
            {"or": [{"name": {"eq": "x"}}, {"name": {"eq": "y"}}]},
            {"description": {"attributeType": "number"}}, {"name": {"between": ["d", "z"]}},
        ]
        for condition in passing:
            with self.subTest(passing=condition):
                response = self.emulator.graphql(UPDATE_ITEM, {"input": {"id": item["id"]}, "condition": condition})
                self.assertNotIn("errors", response)
        for condition in failing:
            with self.subTest(failing=condition):
                response = self.emulator.graphql(UPDATE_ITEM, {"input": {"id": item["id"]}, "condition": condition})
                self.assert_conditional_check_failed(response, "updateItem")

    # -- delete

    def test_delete_removes_and_returns_the_item(self):
        item = self.create(name="bye")
        response = self.emulator.graphql(DELETE_ITEM, {"input": {"id": item["id"]}})
        self.assertEqual(response, {"data": {"deleteItem": {"id": item["id"], "name": "bye"}}})
        self.assertEqual(self.emulator.graphql(GET_ITEM, {"id": item["id"]}), {"data": {"getItem": None}})
        again = self.emulator.graphql(DELETE_ITEM, {"input": {"id": item["id"]}})
        self.assertEqual(again["errors"][0]["errorType"], "DynamoDB:ConditionalCheckFailedException")

    # -- validation errors

    def test_unknown_field_is_a_validation_error(self):
        response = self.emulator.graphql("query { getItem(id: \"x\") { qqqq } }")
        self.assertIsNone(response["data"])
        [error] = response["errors"]
        self.assertEqual(list(error), ["path", "locations", "message"])
        self.assertIsNone(error["path"])
        self.assertEqual(error["message"], "Validation error of type FieldUndefined: Field 'qqqq' in type 'Item' is undefined")
        self.assertEqual(error["locations"], [{"line": 1, "column": 28, "sourceName": None}])

    def test_unknown_input_key_is_a_validation_error(self):
        response = self.emulator.graphql(UPDATE_ITEM, {"input": {"id": "x", "colour": "red"}})
        self.assertEqual(response, {"data": None, "errors": [{
            "path": None, "locations": None,
            "message": "The variables input contains a field name 'colour' that is not defined for input "
                       "object type 'UpdateItemInput' "}]})

    def test_missing_required_input_field_is_a_validation_error(self):
        response = self.emulator.graphql(CREATE_ITEM, {"input": {"description": "no name"}})
        self.assertEqual(response, {"data": None, "errors": [{
            "path": None, "locations": None,
            "message": "Variable 'input' has coerced Null value for NonNull type 'String!'"}]})

    def test_null_on_a_required_field_is_stored_and_breaks_reads(self):
        item = self.create(name="required")
        response = self.emulator.graphql(UPDATE_ITEM, {"input": {"id": item["id"], "name": None}})
        self.assertEqual(response["data"], {"updateItem": None})
        self.assertEqual(response["errors"], [{
            "path": ["updateItem", "name"], "locations": None,
            "message": "Cannot return null for non-nullable type: 'String' within parent 'Item' (/updateItem/name)"}])
        read = self.emulator.graphql("query($id: ID!) { getItem(id: $id) { description } }", {"id": item["id"]})
        self.assertEqual(read, {"data": {"getItem": {"description": None}}})

    def test_syntax_error_is_a_validation_error(self):
        response = self.emulator.graphql("query {")
        self.assertIsNone(response["data"])
        self.assertTrue(response["errors"][0]["message"].startswith("Syntax Error:"))


SCALAR_SCHEMA = """
type Event @model {
  id: ID!
  day: AWSDate
  at: AWSDateTime
  time: AWSTime
  stamp: AWSTimestamp
  email: AWSEmail
  url: AWSURL
  phone: AWSPhone
  ip: AWSIPAddress
  meta: AWSJSON
}
"""

CREATE_EVENT = "mutation($input: CreateEventInput!) { createEvent(input: $input) { id day at time stamp email url phone ip meta } }"


class ScalarTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = support.tempfile.TemporaryDirectory()
        schema = support.Path(cls.folder.name) / "events.graphql"
        schema.write_text(SCALAR_SCHEMA)
        cls.emulator = support.Emulator(schema=schema)

    @classmethod
    def tearDownClass(cls):
        cls.emulator.stop()
        cls.folder.cleanup()

    def test_valid_values_round_trip(self):
        values = {"day": "2024-02-29", "at": "2024-02-29T12:30:00.123Z", "time": "12:30:00",
                  "stamp": 1700000000, "email": "a@example.com", "url": "https://example.com/x?y=1",
                  "phone": "+1 555-123-4567", "ip": "10.0.0.1/8"}
        response = self.emulator.graphql(CREATE_EVENT, {"input": {**values, "meta": '{"a": [1, 2]}'}})
        self.assertNotIn("errors", response)
        event = response["data"]["createEvent"]
        self.assertEqual({k: event[k] for k in values}, values)
        self.assertEqual(event["meta"], '{"a":[1,2]}')

    def test_invalid_values_are_refused(self):
        invalid = {"day": "2023-02-29", "at": "2024-01-01T10:00:00", "time": "25:00:00", "stamp": "12",
                   "email": "not-an-email", "url": "example.com", "phone": "call me", "ip": "300.1.1.1",
                   "meta": "{not json"}
        for field, value in invalid.items():
            with self.subTest(field=field):
                response = self.emulator.graphql(CREATE_EVENT, {"input": {field: value}})
                self.assertIsNone(response["data"])
                self.assertNotIn("errorType", response["errors"][0])
                self.assertIn(f"'input.{field}'", response["errors"][0]["message"])

    def test_json_must_be_a_string(self):
        response = self.emulator.graphql(CREATE_EVENT, {"input": {"meta": {"a": 1}}})
        self.assertIsNone(response["data"])
        self.assertIn("AWSJSON must be a string", response["errors"][0]["message"])


if __name__ == "__main__":
    unittest.main()
