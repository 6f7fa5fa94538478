"""The emulator's user-pool mode against tokens the SRP-checking user-pool stub issues to pycognito."""

import base64
import json
import sys
import tempfile
import time
import unittest
import urllib.request
from pathlib import Path

import support

sys.path.insert(0, str(support.REPO_ROOT / "Tests" / "CognitoServers" / "tests"))

from pycognito.aws_srp import AWSSRP  # noqa: E402
from stub_support import StubProcess  # noqa: E402

POOL_ID = "us-east-1_EmuPool1"
QUERY = json.dumps({"query": "{ listItems { items { id } } }"}).encode()


def unauthorized(message: str) -> dict:
    return {"errors": [{"errorType": "UnauthorizedException", "message": message}]}


class UserPoolTokenTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.stub = StubProcess(POOL_ID, "--client", "appclient", "--client", "otherclient",
                               "--user", "alice:Correct-Horse-9")
        cls.short = StubProcess(POOL_ID, "--client", "appclient", "--user", "alice:Correct-Horse-9",
                                "--token-lifetime", "3")
        cls.emulator = support.Emulator("--token", "raw-token", "--user-pool-jwks", cls.stub.jwks_url,
                                        "--user-pool-issuer", cls.stub.issuer, "--user-pool-client-id", "appclient")

    @classmethod
    def tearDownClass(cls):
        cls.emulator.stop()
        cls.stub.stop()
        cls.short.stop()

    @staticmethod
    def sign_in(stub: StubProcess, client_id: str = "appclient") -> dict:
        srp = AWSSRP(username="alice", password="Correct-Horse-9", pool_id=POOL_ID, client_id=client_id,
                     client=stub.client())
        return srp.authenticate_user()["AuthenticationResult"]

    def post(self, authorization: str) -> support.Reply:
        return self.emulator.post(QUERY, {"content-type": "application/json", "authorization": authorization})

    def assert_refused(self, reply: support.Reply, message: str = "Valid authorization header not provided."):
        self.assertEqual(reply.status, 401)
        self.assertEqual(reply.json, unauthorized(message))
        self.assertEqual(reply.headers["x-amzn-errortype"], "UnauthorizedException")

    def test_id_and_access_tokens_are_accepted(self):
        tokens = self.sign_in(self.stub)
        self.assertEqual(self.post(tokens["IdToken"]).status, 200)
        self.assertEqual(self.post(tokens["AccessToken"]).status, 200)

    def test_raw_tokens_still_work(self):
        self.assertEqual(self.post("raw-token").status, 200)
        self.assert_refused(self.post("other-raw-token"))

    def test_a_bad_signature_is_refused(self):
        token = self.sign_in(self.stub)["IdToken"]
        header, payload, signature = token.split(".")
        flipped = signature[:10] + ("A" if signature[10] != "A" else "B") + signature[11:]
        self.assert_refused(self.post(f"{header}.{payload}.{flipped}"))
        # A changed claim under the original signature.
        claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
        claims["cognito:username"] = "mallory"
        forged = base64.urlsafe_b64encode(json.dumps(claims).encode()).rstrip(b"=").decode()
        self.assert_refused(self.post(f"{header}.{forged}.{signature}"))

    def test_a_token_of_another_pool_key_is_refused(self):
        # Same pool id and kid shape, another stub process: another RSA key, another issuer port.
        token = self.sign_in(self.short)["IdToken"]
        self.assert_refused(self.post(token))

    def test_a_wrong_audience_is_refused(self):
        tokens = self.sign_in(self.stub, "otherclient")
        self.assert_refused(self.post(tokens["IdToken"]))
        self.assert_refused(self.post(tokens["AccessToken"]))

    def test_an_expired_token_gets_appsyncs_answer(self):
        with tempfile.TemporaryDirectory() as folder:
            jwks = Path(folder) / "jwks.json"
            with urllib.request.urlopen(self.short.jwks_url, timeout=10) as response:
                jwks.write_bytes(response.read())
            emulator = support.Emulator("--user-pool-jwks", str(jwks), "--user-pool-issuer", self.short.issuer,
                                        "--user-pool-client-id", "appclient", api_key=None)
            try:
                token = self.sign_in(self.short)["IdToken"]
                reply = emulator.post(QUERY, {"content-type": "application/json", "authorization": token})
                self.assertEqual(reply.status, 200)
                # exp is whole seconds (at most 3 s after the sign-in, at least 2): past it for sure.
                time.sleep(3.1)
                reply = emulator.post(QUERY, {"content-type": "application/json", "authorization": token})
                self.assert_refused(reply, "Token has expired.")
            finally:
                emulator.stop()

    def test_the_options_go_together(self):
        result = support.run_cli("--schema", str(support.REPO_SCHEMA), "--user-pool-jwks", "x.json")
        self.assertEqual(result.returncode, 2)
        self.assertIn("--user-pool-jwks needs --user-pool-issuer", result.stderr)


if __name__ == "__main__":
    unittest.main()
