"""The HTTP contract: auth modes (API key, token, SigV4), malformed bodies, faults, request log."""

import datetime
import json
import os
import signal
import unittest
from unittest import mock

import botocore.auth
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

import support
import server  # noqa: E402  (support puts the emulator on the path)

QUERY = json.dumps({"query": "{ listItems { items { id } } }"}).encode()
UNAUTHORIZED = {"errors": [{"errorType": "UnauthorizedException",
                            "message": "Valid authorization header not provided."}]}


def utc_now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)


def signed_headers(emulator: support.Emulator, body: bytes, key: str, secret: str, region: str = "eu-west-1",
                   token: str = None, when: datetime.datetime = None) -> dict:
    """Headers of a request signed by botocore (at `when`, default now)."""
    request = AWSRequest(method="POST", url=emulator.url, data=body,
                         headers={"content-type": "application/json", "host": f"127.0.0.1:{emulator.port}"})
    signer = SigV4Auth(Credentials(key, secret, token), "appsync", region)
    if when is None:
        signer.add_auth(request)
    else:
        with mock.patch.object(botocore.auth, "get_current_datetime", lambda: when):
            signer.add_auth(request)
    return dict(request.headers.items())


class AuthTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.emulator = support.Emulator("--token", "jwt-one", "--token", "jwt-two",
                                        "--iam", "AKIDEXAMPLE:secret:eu-west-1",
                                        "--iam", "ASIATEMP:tempsecret:eu-west-1:session-token")

    @classmethod
    def tearDownClass(cls):
        cls.emulator.stop()

    def post(self, headers: dict, body: bytes = QUERY) -> support.Reply:
        return self.emulator.post(body, {"content-type": "application/json", **headers})

    def assert_unauthorized(self, reply: support.Reply):
        self.assertEqual(reply.status, 401)
        self.assertEqual(reply.json, UNAUTHORIZED)
        self.assertEqual(reply.headers["x-amzn-errortype"], "UnauthorizedException")

    def assert_signing_refused(self, reply: support.Reply, status: int, error_type: str, message: str):
        """A SigV4 refusal in the shape AWS answers it: its own status and errorType, not a 401."""
        self.assertEqual(reply.status, status)
        self.assertEqual(reply.headers["x-amzn-errortype"], error_type)
        [error] = reply.json["errors"]
        self.assertEqual(error["errorType"], error_type)
        self.assertTrue(error["message"].startswith(message), error["message"])

    def test_api_key(self):
        self.assertEqual(self.post({"x-api-key": "test-key"}).status, 200)
        self.assertEqual(self.post({"X-Api-Key": "test-key"}).status, 200)
        self.assert_unauthorized(self.post({"x-api-key": "wrong"}))
        self.assert_unauthorized(self.post({}))

    def test_tokens_are_raw(self):
        self.assertEqual(self.post({"authorization": "jwt-one"}).status, 200)
        self.assertEqual(self.post({"authorization": "jwt-two"}).status, 200)
        self.assert_unauthorized(self.post({"authorization": "Bearer jwt-one"}))

    def test_sigv4_signed_by_botocore(self):
        headers = signed_headers(self.emulator, QUERY, "AKIDEXAMPLE", "secret")
        reply = self.post(headers)
        self.assertEqual(reply.status, 200, reply.body)
        self.assertEqual(reply.json, {"data": {"listItems": {"items": []}}})

    def test_sigv4_with_session_token(self):
        good = signed_headers(self.emulator, QUERY, "ASIATEMP", "tempsecret", token="session-token")
        self.assertEqual(self.post(good).status, 200)
        wrong = signed_headers(self.emulator, QUERY, "ASIATEMP", "tempsecret", token="other-token")
        invalid = "The security token included in the request is invalid."
        self.assert_signing_refused(self.post(wrong), 403, "UnrecognizedClientException", invalid)
        missing = signed_headers(self.emulator, QUERY, "ASIATEMP", "tempsecret")
        self.assert_signing_refused(self.post(missing), 403, "UnrecognizedClientException", invalid)

    def test_sigv4_refusals(self):
        mismatch = "The request signature we calculated does not match the signature you provided."
        cases = {
            "wrong secret": (signed_headers(self.emulator, QUERY, "AKIDEXAMPLE", "not-the-secret"),
                             400, "BadRequestException", mismatch),
            "unknown key": (signed_headers(self.emulator, QUERY, "AKIDOTHER", "secret"),
                            403, "UnrecognizedClientException", "The security token included in the request is invalid."),
            "wrong region": (signed_headers(self.emulator, QUERY, "AKIDEXAMPLE", "secret", region="us-east-1"),
                             403, "InvalidSignatureException", "Credential should be scoped to a valid region"),
            "expired": (signed_headers(self.emulator, QUERY, "AKIDEXAMPLE", "secret",
                                       when=utc_now() - datetime.timedelta(minutes=6)),
                        403, "InvalidSignatureException", "Signature expired: "),
            "future": (signed_headers(self.emulator, QUERY, "AKIDEXAMPLE", "secret",
                                      when=utc_now() + datetime.timedelta(minutes=6)),
                       403, "InvalidSignatureException", "Signature expired: "),
        }
        for name, (headers, status, error_type, message) in cases.items():
            with self.subTest(name):
                self.assert_signing_refused(self.post(headers), status, error_type, message)

    def test_sigv4_within_clock_skew(self):
        headers = signed_headers(self.emulator, QUERY, "AKIDEXAMPLE", "secret",
                                 when=utc_now() - datetime.timedelta(minutes=4))
        self.assertEqual(self.post(headers).status, 200)

    def test_sigv4_tampered_body(self):
        headers = signed_headers(self.emulator, QUERY, "AKIDEXAMPLE", "secret")
        other = json.dumps({"query": "{ listRecipes { items { id } } }"}).encode()
        self.assert_signing_refused(self.post(headers, body=other), 400, "BadRequestException",
                                    "The request signature we calculated does not match")


class NoAuthTests(unittest.TestCase):
    def test_everything_is_admitted_without_auth_modes(self):
        emulator = support.Emulator(api_key=None)
        try:
            reply = emulator.post(QUERY, {"content-type": "application/json"})
            self.assertEqual(reply.status, 200)
        finally:
            emulator.stop()


class TransportTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.emulator = support.Emulator()

    @classmethod
    def tearDownClass(cls):
        cls.emulator.stop()

    def test_malformed_bodies(self):
        headers = {"x-api-key": "test-key", "content-type": "application/json"}
        cases = [(b"", "Request body is empty."), (b"meow", "Unable to parse GraphQL query."),
                 (b"{}", "Unable to parse GraphQL query."), (b"[]", "Unable to parse GraphQL query.")]
        for body, message in cases:
            with self.subTest(body=body):
                reply = self.emulator.post(body, headers)
                self.assertEqual(reply.status, 400)
                self.assertEqual(reply.json, {"errors": [{"errorType": "MalformedHttpRequestException",
                                                          "message": message}]})

    def test_other_paths_are_404(self):
        reply = self.emulator.post(QUERY, {"x-api-key": "test-key"}, path="/other")
        self.assertEqual(reply.status, 404)

    def test_request_log_records_every_request(self):
        self.emulator.graphql('query { getItem(id: "logged") { id } }')
        self.emulator.post(b"not json", {"x-api-key": "test-key"})
        entries = self.emulator.logged_requests()
        query_entry = next(e for e in entries if e["body"] == {"query": 'query { getItem(id: "logged") { id } }',
                                                               "variables": None})
        self.assertEqual(list(query_entry), ["method", "path", "headers", "body", "status", "fault"])
        self.assertEqual((query_entry["method"], query_entry["path"], query_entry["status"], query_entry["fault"]),
                         ("POST", "/graphql", 200, None))
        self.assertEqual(query_entry["headers"]["x-api-key"], "test-key")
        self.assertEqual(query_entry["headers"]["content-type"], "application/json")
        raw_entry = next(e for e in entries if e["body"] == "not json")
        self.assertEqual(raw_entry["status"], 400)


class FaultTests(unittest.TestCase):
    def run_faulty(self, *options: str, count: int = 30) -> tuple[list, list]:
        emulator = support.Emulator(*options)
        try:
            outcomes = []
            for _ in range(count):
                try:
                    reply = emulator.post(QUERY, {"x-api-key": "test-key", "content-type": "application/json"})
                    outcomes.append(reply)
                except (ConnectionError, OSError) as error:
                    outcomes.append(error)
            return outcomes, emulator.logged_requests()
        finally:
            emulator.stop()

    def test_every_request_fails_at_rate_one(self):
        # Seeded: the page's kind is drawn per request, and ten unseeded draws were all JSON 1 in 1,024 runs.
        outcomes, log = self.run_faulty("--fail-rate", "1", "--seed", "2", count=10)
        self.assertEqual({r.status for r in outcomes}, {500})
        self.assertTrue(any(r.json is None for r in outcomes), "expected some HTML bodies")
        self.assertTrue(any(r.json is not None for r in outcomes), "expected some JSON bodies")
        self.assertEqual({e["fault"] for e in log}, {"fail"})

    def test_throttling(self):
        outcomes, log = self.run_faulty("--throttle-rate", "1", count=3)
        for reply in outcomes:
            self.assertEqual(reply.status, 429)
            self.assertEqual(reply.headers["retry-after"], "1")
            self.assertEqual(reply.json["errors"][0]["errorType"], "TooManyRequestsException")
        self.assertEqual([e["status"] for e in log], [429, 429, 429])

    def test_bucket_throttles_beyond_its_burst(self):
        # 1 token a second and a burst of 3: of 6 requests at once, the first 3 pass, the rest wait in vain.
        outcomes, log = self.run_faulty("--bucket", "1:3", "--log-times", count=6)
        self.assertEqual([r.status for r in outcomes][:3], [200, 200, 200])
        self.assertIn(429, [r.status for r in outcomes][3:])
        for reply in outcomes:
            if reply.status == 429:
                self.assertNotIn("retry-after", reply.headers)
                self.assertEqual(reply.json["errors"][0]["errorType"], "TooManyRequestsException")
        self.assertEqual({e["fault"] for e in log if e["status"] == 429}, {"bucket"})
        self.assertTrue(all(isinstance(e["at"], float) for e in log))

    def test_token_bucket_refills_at_its_rate(self):
        now = [0.0]
        bucket = server.TokenBucket(10, 2, clock=lambda: now[0])
        self.assertEqual([bucket.take() for _ in range(3)], [True, True, False])
        now[0] = 0.1  # one token back
        self.assertEqual([bucket.take(), bucket.take()], [True, False])
        now[0] = 10.0  # full again, never more than the burst
        self.assertEqual([bucket.take() for _ in range(3)], [True, True, False])

    def test_bucket_option_refuses_bad_values(self):
        for bad in ("10", "0:5", "10:0", "x:y"):
            with self.assertRaises(Exception, msg=bad):
                server.TokenBucket.parse(bad)

    def test_drop_closes_without_answer(self):
        outcomes, log = self.run_faulty("--drop-rate", "1", count=3)
        self.assertTrue(all(isinstance(o, Exception) for o in outcomes), outcomes)
        self.assertEqual([(e["status"], e["fault"]) for e in log], [(None, "drop")] * 3)

    def test_faulted_requests_are_not_executed(self):
        body = json.dumps({"query": 'mutation { createItem(input: {id: "never", name: "x"}) { id } }'}).encode()
        folder = support.tempfile.TemporaryDirectory()
        db = os.path.join(folder.name, "data.sqlite")
        try:
            for fault in ("--fail-rate", "--throttle-rate", "--drop-rate"):
                faulty = support.Emulator("--db", db, fault, "1")
                try:
                    faulty.post(body, {"x-api-key": "test-key", "content-type": "application/json"})
                except OSError:
                    pass
                faulty.stop()
            healthy = support.Emulator("--db", db)
            response = healthy.graphql('{ getItem(id: "never") { id } }')
            healthy.stop()
            self.assertEqual(response, {"data": {"getItem": None}})
        finally:
            folder.cleanup()

    def test_drop_response_executes_then_drops(self):
        emulator = support.Emulator("--drop-response", "2")
        headers = {"x-api-key": "test-key", "content-type": "application/json"}
        try:
            create = json.dumps({"query": 'mutation { createItem(input: {id: "lost", name: "x"}) { id } }'}).encode()
            first = emulator.post(QUERY, headers)
            self.assertEqual(first.status, 200)
            with self.assertRaises(OSError):
                emulator.post(create, headers)
            self.assertEqual(emulator.graphql('{ getItem(id: "lost") { name } }'),
                             {"data": {"getItem": {"name": "x"}}})
            log = emulator.logged_requests()
            self.assertEqual([(e["status"], e["fault"]) for e in log],
                             [(200, None), (None, "drop-after-execute"), (200, None)])
        finally:
            emulator.stop()

    def test_fail_request_answers_500_unexecuted(self):
        emulator = support.Emulator("--fail-request", "2", "--fail-request", "3")
        headers = {"x-api-key": "test-key", "content-type": "application/json"}
        try:
            create = json.dumps({"query": 'mutation { createItem(input: {id: "f", name: "x"}) { id } }'}).encode()
            statuses = [emulator.post(body, headers).status for body in (QUERY, create, create, QUERY)]
            self.assertEqual(statuses, [200, 500, 500, 200])
            self.assertEqual(emulator.graphql('{ getItem(id: "f") { name } }'), {"data": {"getItem": None}})
            log = emulator.logged_requests()
            self.assertEqual([(e["status"], e["fault"]) for e in log][:4],
                             [(200, None), (500, "fail"), (500, "fail"), (200, None)])
        finally:
            emulator.stop()

    def test_dynamo_throttling_is_a_200_on_any_operation_unexecuted(self):
        """DynamoDB's throttling as AppSync reports it: HTTP 200, the root field null, an error with
        errorType DynamoDB:ProvisionedThroughputExceededException (the developer guide's shape)."""
        emulator = support.Emulator("--dynamo-throttle-rate", "1")
        headers = {"x-api-key": "test-key", "content-type": "application/json"}
        try:
            for query, root in (('{ getItem(id: "x") { id } }', "getItem"),
                                ('mutation { createItem(input: {id: "t", name: "x"}) { id } }', "createItem"),
                                ('mutation { deleteItem(input: {id: "t"}) { id } }', "deleteItem"),
                                ("{ listItems { items { id } } }", "listItems")):
                reply = emulator.post(json.dumps({"query": query}).encode(), headers)
                self.assertEqual(reply.status, 200)
                self.assertEqual(reply.json["data"], {root: None})
                [error] = reply.json["errors"]
                self.assertEqual(error["path"], [root])
                self.assertEqual(error["errorType"], "DynamoDB:ProvisionedThroughputExceededException")
                self.assertTrue(error["message"].startswith("You exceeded your maximum allowed provisioned throughput"))
            self.assertEqual({e["fault"] for e in emulator.logged_requests()}, {"dynamo-throttle"})
        finally:
            emulator.stop()
        healthy = support.Emulator()
        try:
            self.assertEqual(healthy.graphql('{ getItem(id: "t") { id } }'), {"data": {"getItem": None}})
        finally:
            healthy.stop()

    def test_gateway_after_execute_answers_html_504_after_the_write(self):
        emulator = support.Emulator("--gateway-after-execute", "1")
        headers = {"x-api-key": "test-key", "content-type": "application/json"}
        try:
            create = json.dumps({"query": 'mutation { createItem(input: {id: "g", name: "x"}) { id } }'}).encode()
            reply = emulator.post(create, headers)
            self.assertEqual(reply.status, 504)
            self.assertEqual(reply.headers["content-type"], "text/html")
            self.assertIn(b"504 Gateway Time-out", reply.body)
            self.assertEqual(emulator.graphql('{ getItem(id: "g") { name } }'), {"data": {"getItem": {"name": "x"}}})
        finally:
            emulator.stop()

    def test_denied_field_is_null_with_an_error_at_its_path(self):
        """Field-level @auth as AppSync answers it: the record, the field null, and
        "Not Authorized to access F on type T" at the field's path (errorType Unauthorized)."""
        emulator = support.Emulator("--deny-field", "Item.description")
        try:
            emulator.graphql('mutation { createItem(input: {id: "d", name: "n", description: "kept"}) { id } }')
            reply = emulator.request('{ getItem(id: "d") { id name description } }')
            self.assertEqual(reply.status, 200)
            self.assertEqual(reply.json["data"], {"getItem": {"id": "d", "name": "n", "description": None}})
            [error] = reply.json["errors"]
            self.assertEqual(error["path"], ["getItem", "description"])
            self.assertEqual(error["errorType"], "Unauthorized")
            self.assertEqual(error["message"], "Not Authorized to access description on type Item")
            listed = emulator.request("{ listItems { items { id description } } }").json
            self.assertEqual(listed["errors"][0]["path"], ["listItems", "items", 0, "description"])
        finally:
            emulator.stop()

    def test_seeded_faults_repeat(self):
        options = ("--fail-rate", "0.3", "--throttle-rate", "0.3", "--seed", "42")
        first, _ = self.run_faulty(*options, count=20)
        second, _ = self.run_faulty(*options, count=20)
        statuses = [r.status for r in first]
        self.assertEqual(statuses, [r.status for r in second])
        self.assertEqual(set(statuses), {200, 429, 500})


class PersistenceTests(unittest.TestCase):
    def test_db_file_keeps_data_across_restarts(self):
        folder = support.tempfile.TemporaryDirectory()
        db = os.path.join(folder.name, "data.sqlite")
        try:
            first = support.Emulator("--db", db)
            first.graphql('mutation { createItem(input: {id: "kept", name: "persisted"}) { id } }')
            self.assertEqual(first.stop(), 0)
            second = support.Emulator("--db", db)
            response = second.graphql('{ getItem(id: "kept") { name } }')
            second.stop()
            self.assertEqual(response, {"data": {"getItem": {"name": "persisted"}}})
        finally:
            folder.cleanup()

    def test_sigint_exits_cleanly(self):
        emulator = support.Emulator()
        emulator.process.send_signal(signal.SIGINT)
        self.assertEqual(emulator.process.wait(timeout=20), 0)
        emulator.stop()


if __name__ == "__main__":
    unittest.main()
