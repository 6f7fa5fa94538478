"""The user-pool stub against a client the project did not write: pycognito's AWSSRP over boto3."""

from __future__ import annotations

import sys
import tempfile
import time
import unittest
from pathlib import Path

import jwt
from botocore.exceptions import ClientError
from pycognito.aws_srp import AWSSRP
from pycognito.exceptions import ForceChangePasswordException, SoftwareTokenMFAChallengeException

STUB_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(STUB_DIR))

import user_pool_stub  # noqa: E402
from stub_support import StubProcess  # noqa: E402

POOL_ID = "eu-west-1_TestPool9"
TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"


def start_stub(*arguments: str) -> StubProcess:
    return StubProcess(POOL_ID, *arguments)


class UserPoolStubTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.stub = start_stub(
            "--client", "plainclient", "--client", "secretclient:s3cr3t-value",
            "--user", "alice:Correct-Horse-9", "--user", "bob:Bob-Password-1:disabled",
            "--user", f"carol:Carol-Password-2:totp={TOTP_SECRET}",
            "--user", "dave:Dave-Temporary-3:new-password",
            "--user", "erin:Erin-Password-4:email=erin@example.com",
            "--token-lifetime", "120")
        cls.cognito = cls.stub.client()

    @classmethod
    def tearDownClass(cls):
        cls.stub.stop()

    def srp(self, username, password, client_id="plainclient", client_secret=None):
        return AWSSRP(username=username, password=password, pool_id=POOL_ID, client_id=client_id,
                      client=self.cognito, client_secret=client_secret)

    def verify(self, token, audience=None):
        keys = jwt.PyJWKClient(f"{self.stub.url}/{POOL_ID}/.well-known/jwks.json")
        key = keys.get_signing_key_from_jwt(token)
        return jwt.decode(token, key.key, algorithms=["RS256"], issuer=f"{self.stub.url}/{POOL_ID}",
                          audience=audience, options={"verify_aud": audience is not None})

    def assert_cognito_error(self, context, error_type, message):
        error = context.exception.response["Error"]
        self.assertEqual(error["Code"], error_type)
        self.assertEqual(error["Message"], message)
        self.assertEqual(context.exception.response["ResponseMetadata"]["HTTPStatusCode"], 400)

    def test_srp_sign_in_with_the_right_password_gives_tokens_the_jwks_verifies(self):
        before = self.stub.get("/_stats").get("tokens:sign-in", 0)
        result = self.srp("alice", "Correct-Horse-9").authenticate_user()["AuthenticationResult"]
        claims = self.verify(result["IdToken"], audience="plainclient")
        self.assertEqual(claims["token_use"], "id")
        self.assertEqual(claims["cognito:username"], "alice")
        self.assertAlmostEqual(claims["exp"] - time.time(), 120, delta=10)
        access = self.verify(result["AccessToken"])
        self.assertEqual((access["token_use"], access["client_id"]), ("access", "plainclient"))
        self.assertEqual(access["sub"], claims["sub"])
        self.assertEqual(result["ExpiresIn"], 120)
        self.assertEqual(self.stub.get("/_stats")["tokens:sign-in"], before + 1)

    def test_srp_sign_in_with_a_wrong_password_fails(self):
        with self.assertRaises(ClientError) as context:
            self.srp("alice", "Correct-Horse-8").authenticate_user()
        self.assert_cognito_error(context, "NotAuthorizedException", "Incorrect username or password.")

    def test_a_tampered_timestamp_fails_the_signature(self):
        srp = self.srp("alice", "Correct-Horse-9")
        challenge = self.cognito.initiate_auth(AuthFlow="USER_SRP_AUTH", AuthParameters=srp.get_auth_params(),
                                               ClientId="plainclient")
        responses = srp.process_challenge(challenge["ChallengeParameters"], srp.get_auth_params())
        # One second later: a well-formed timestamp the signature was not made over.
        second = responses["TIMESTAMP"].split(" ")
        second[3] = second[3][:-1] + ("1" if second[3][-1] == "0" else "0")
        responses["TIMESTAMP"] = " ".join(second)
        with self.assertRaises(ClientError) as context:
            self.cognito.respond_to_auth_challenge(ClientId="plainclient", ChallengeName="PASSWORD_VERIFIER",
                                                   ChallengeResponses=responses)
        self.assert_cognito_error(context, "NotAuthorizedException", "Incorrect username or password.")

    def test_a_zero_padded_day_is_refused(self):
        srp = self.srp("alice", "Correct-Horse-9")
        challenge = self.cognito.initiate_auth(AuthFlow="USER_SRP_AUTH", AuthParameters=srp.get_auth_params(),
                                               ClientId="plainclient")
        srp.get_cognito_formatted_timestamp = lambda _now: "Tue Dec 01 08:03:44 UTC 2026"
        responses = srp.process_challenge(challenge["ChallengeParameters"], srp.get_auth_params())
        with self.assertRaises(ClientError) as context:
            self.cognito.respond_to_auth_challenge(ClientId="plainclient", ChallengeName="PASSWORD_VERIFIER",
                                                   ChallengeResponses=responses)
        self.assertEqual(context.exception.response["Error"]["Code"], "InvalidParameterException")

    def test_email_sign_in_uses_the_internal_user_id_for_srp(self):
        result = self.srp("erin@example.com", "Erin-Password-4").authenticate_user()["AuthenticationResult"]
        self.assertEqual(self.verify(result["IdToken"])["cognito:username"], "erin")

    def test_password_auth(self):
        result = self.cognito.initiate_auth(AuthFlow="USER_PASSWORD_AUTH", ClientId="plainclient",
                                            AuthParameters={"USERNAME": "alice", "PASSWORD": "Correct-Horse-9"})
        self.assertIn("IdToken", result["AuthenticationResult"])
        with self.assertRaises(ClientError) as context:
            self.cognito.initiate_auth(AuthFlow="USER_PASSWORD_AUTH", ClientId="plainclient",
                                       AuthParameters={"USERNAME": "alice", "PASSWORD": "wrong"})
        self.assert_cognito_error(context, "NotAuthorizedException", "Incorrect username or password.")

    def test_a_client_with_a_secret_needs_the_secret_hash(self):
        result = self.srp("alice", "Correct-Horse-9", "secretclient", "s3cr3t-value").authenticate_user()
        self.verify(result["AuthenticationResult"]["IdToken"], audience="secretclient")
        with self.assertRaises(ClientError) as context:
            self.srp("alice", "Correct-Horse-9", "secretclient", None).authenticate_user()
        self.assert_cognito_error(context, "NotAuthorizedException",
                                  "Unable to verify secret hash for client secretclient")
        with self.assertRaises(ClientError) as context:
            self.srp("alice", "Correct-Horse-9", "secretclient", "wrong-secret").authenticate_user()
        self.assert_cognito_error(context, "NotAuthorizedException",
                                  "Unable to verify secret hash for client secretclient")

    def test_totp_mfa(self):
        with self.assertRaises(SoftwareTokenMFAChallengeException) as context:
            self.srp("carol", "Carol-Password-2").authenticate_user()
        session = context.exception.get_tokens()["Session"]
        with self.assertRaises(ClientError) as wrong:
            self.cognito.respond_to_auth_challenge(
                ClientId="plainclient", ChallengeName="SOFTWARE_TOKEN_MFA", Session=session,
                ChallengeResponses={"USERNAME": "carol", "SOFTWARE_TOKEN_MFA_CODE": "000000"
                                    if user_pool_stub.totp(TOTP_SECRET, time.time()) != "000000" else "111111"})
        self.assert_cognito_error(wrong, "CodeMismatchException", "Invalid code received for user")
        with self.assertRaises(SoftwareTokenMFAChallengeException) as context:
            self.srp("carol", "Carol-Password-2").authenticate_user()
        result = self.cognito.respond_to_auth_challenge(
            ClientId="plainclient", ChallengeName="SOFTWARE_TOKEN_MFA", Session=context.exception.get_tokens()["Session"],
            ChallengeResponses={"USERNAME": "carol",
                                "SOFTWARE_TOKEN_MFA_CODE": user_pool_stub.totp(TOTP_SECRET, time.time() - 30)})
        self.assertEqual(self.verify(result["AuthenticationResult"]["IdToken"])["cognito:username"], "carol")

    def test_the_stubs_totp_matches_rfc_6238(self):
        secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"  # "12345678901234567890"
        for at, code in ((59, "94287082"), (1111111109, "07081804"), (2000000000, "69279037")):
            self.assertEqual(user_pool_stub.totp(secret, at, digits=8), code)

    def test_new_password_required(self):
        with self.assertRaises(ForceChangePasswordException):
            self.srp("dave", "Dave-Temporary-3").authenticate_user()
        result = self.srp("dave", "Dave-Temporary-3").set_new_password_challenge("Dave-Permanent-33")
        self.assertIn("IdToken", result["AuthenticationResult"])
        self.srp("dave", "Dave-Permanent-33").authenticate_user()

    def test_disabled_user(self):
        with self.assertRaises(ClientError) as context:
            self.srp("bob", "Bob-Password-1").authenticate_user()
        self.assert_cognito_error(context, "NotAuthorizedException", "User is disabled.")

    def test_unknown_user_and_client(self):
        with self.assertRaises(ClientError) as context:
            self.srp("nobody", "x").authenticate_user()
        self.assert_cognito_error(context, "UserNotFoundException", "User does not exist.")
        with self.assertRaises(ClientError) as context:
            self.srp("alice", "Correct-Horse-9", "noclient").authenticate_user()
        self.assertEqual(context.exception.response["Error"]["Code"], "ResourceNotFoundException")

    def test_refresh_then_global_sign_out_revokes_it(self):
        result = self.srp("alice", "Correct-Horse-9").authenticate_user()["AuthenticationResult"]
        refreshed = self.cognito.initiate_auth(AuthFlow="REFRESH_TOKEN_AUTH", ClientId="plainclient",
                                               AuthParameters={"REFRESH_TOKEN": result["RefreshToken"]})
        self.assertNotIn("RefreshToken", refreshed["AuthenticationResult"])
        self.assertEqual(self.verify(refreshed["AuthenticationResult"]["IdToken"])["cognito:username"], "alice")
        self.cognito.global_sign_out(AccessToken=refreshed["AuthenticationResult"]["AccessToken"])
        with self.assertRaises(ClientError) as context:
            self.cognito.initiate_auth(AuthFlow="REFRESH_TOKEN_AUTH", ClientId="plainclient",
                                       AuthParameters={"REFRESH_TOKEN": result["RefreshToken"]})
        self.assert_cognito_error(context, "NotAuthorizedException", "Refresh Token has been revoked")

    def test_refresh_with_a_secret_hash(self):
        result = self.srp("alice", "Correct-Horse-9", "secretclient", "s3cr3t-value").authenticate_user()
        sub = self.verify(result["AuthenticationResult"]["IdToken"])["sub"]
        refreshed = self.cognito.initiate_auth(
            AuthFlow="REFRESH_TOKEN_AUTH", ClientId="secretclient",
            AuthParameters={"REFRESH_TOKEN": result["AuthenticationResult"]["RefreshToken"],
                            "SECRET_HASH": user_pool_stub.secret_hash("s3cr3t-value", sub, "secretclient")})
        self.assertIn("AccessToken", refreshed["AuthenticationResult"])

    def test_stats_count_operations(self):
        before = self.stub.get("/_stats")
        self.srp("alice", "Correct-Horse-9").authenticate_user()
        after = self.stub.get("/_stats")
        self.assertEqual(after["InitiateAuth"], before.get("InitiateAuth", 0) + 1)
        self.assertEqual(after["RespondToAuthChallenge:PASSWORD_VERIFIER"],
                         before.get("RespondToAuthChallenge:PASSWORD_VERIFIER", 0) + 1)


class ShortLifetimeTests(unittest.TestCase):
    def test_a_token_lifetime_of_seconds_and_the_port_file(self):
        with tempfile.TemporaryDirectory() as folder:
            port_file = Path(folder) / "port"
            stub = start_stub("--user", "alice:Correct-Horse-9", "--token-lifetime", "2", "--port-file", str(port_file))
            try:
                self.assertEqual(int(port_file.read_text()), stub.port)
                srp = AWSSRP(username="alice", password="Correct-Horse-9", pool_id=POOL_ID, client_id="stubclient",
                             client=stub.client())
                token = srp.authenticate_user()["AuthenticationResult"]["IdToken"]
                claims = jwt.decode(token, options={"verify_signature": False})
                self.assertEqual(claims["exp"] - claims["iat"], 2)
            finally:
                stub.stop()


if __name__ == "__main__":
    unittest.main()
