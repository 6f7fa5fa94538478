"""Custom queries and mutations (@function and the like): served from the source schema's own
`type Query` / `type Mutation`, their requests validated and their variables coerced by graphql-core,
answered by --custom-handler; without a handler, AppSync's `Lambda:Unhandled` error."""

import unittest
from pathlib import Path

import support

CALL = Path(__file__).resolve().parents[3] / "Tests/Fixtures/call"


class CustomOperationTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.emulator = support.Emulator("--custom-handler", str(CALL / "handler.py"), schema=CALL / "schema.graphql")

    @classmethod
    def tearDownClass(cls):
        cls.emulator.stop()

    def test_a_handlers_answer_is_the_value(self):
        answer = self.emulator.graphql(
            "mutation($id: ID!, $status: JobStatus!, $meta: AWSJSON, $input: PublishInput) "
            "{ publishItem(id: $id, status: $status, meta: $meta, input: $input) { id status meta stats { count tags } } }",
            {"id": "1", "status": "DONE", "meta": '{"a":1}', "input": {"note": "n", "priority": 3}})
        self.assertEqual(answer["data"]["publishItem"],
                         {"id": "1", "status": "DONE", "meta": '{"a":1}', "stats": {"count": 3, "tags": ["n"]}})

    def test_a_wrong_type_fails_in_graphql_core(self):
        answer = self.emulator.graphql(
            "mutation($id: ID!, $status: JobStatus!) { publishItem(id: $id, status: $status) { id } }",
            {"id": "1", "status": "DON"})
        self.assertIsNone(answer.get("data"))
        self.assertIn("DON", answer["errors"][0]["message"])


class NoHandlerTests(unittest.TestCase):
    def test_without_a_handler_the_function_fails_as_lambda_does(self):
        emulator = support.Emulator(schema=CALL / "schema.graphql")
        try:
            answer = emulator.graphql('query { echo(msg: "x") }')
        finally:
            emulator.stop()
        self.assertEqual(answer["errors"][0]["errorType"], "Lambda:Unhandled")


if __name__ == "__main__":
    unittest.main()
