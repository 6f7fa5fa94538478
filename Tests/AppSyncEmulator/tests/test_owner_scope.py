"""Which events owner rules leave a token subscriber (realtime.owner_scope), as the v2 auth
transformer's runtime filter decides it (amplify-category-api#837)."""

import base64
import json
import unittest

import support  # noqa: F401  (puts the emulator on the path)
from realtime import Subscription, jwt_claims, owner_scope


def token(claims: dict) -> str:
    payload = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
    return f"eyJhbGciOiJSUzI1NiJ9.{payload}.sig"


ALICE = {"sub": "1111", "cognito:username": "alice", "cognito:groups": ["staff"]}


class OwnerScopeTests(unittest.TestCase):
    def test_owner_rules_limit_a_token_caller_to_its_records(self):
        fields, identities = owner_scope([{"allow": "owner"}], ALICE)
        self.assertEqual(fields, ["owner"])
        self.assertEqual(identities, {"1111::alice", "1111", "alice"})
        subscription = Subscription("u", "onUpdateNote", None, None, {}, {}, (fields, identities))
        self.assertTrue(subscription.owner_allows({"owner": "alice"}))
        self.assertTrue(subscription.owner_allows({"owner": "1111::alice"}))
        self.assertFalse(subscription.owner_allows({"owner": "bob"}))
        self.assertFalse(subscription.owner_allows({"id": "1"}), "an event without the owner field is not sent")

    def test_a_multi_owner_field_holds_the_caller(self):
        scope = owner_scope([{"allow": "owner", "ownerField": "editors"}], ALICE)
        subscription = Subscription("u", "onUpdateNote", None, None, {}, {}, scope)
        self.assertTrue(subscription.owner_allows({"editors": ["bob", "alice"]}))
        self.assertFalse(subscription.owner_allows({"editors": ["bob"]}))

    def test_rules_that_let_the_caller_read_everything_lift_the_limit(self):
        self.assertIsNone(owner_scope([{"allow": "owner"}, {"allow": "private"}], ALICE))
        self.assertIsNone(owner_scope([{"allow": "owner"}, {"allow": "groups", "groups": ["staff"]}], ALICE))
        self.assertIsNotNone(owner_scope([{"allow": "owner"}, {"allow": "groups", "groups": ["admin"]}], ALICE))
        self.assertIsNone(owner_scope([{"allow": "public"}], ALICE), "no owner rule: nothing to limit")
        self.assertIsNone(owner_scope([{"allow": "owner"}], None), "an API key or IAM caller is not limited")

    def test_claims_are_read_from_a_jwt_only(self):
        self.assertEqual(jwt_claims(token(ALICE))["cognito:username"], "alice")
        self.assertIsNone(jwt_claims("da2-not-a-jwt"))
        self.assertIsNone(jwt_claims("a.!!!.c"))
        self.assertIsNone(jwt_claims(None))


if __name__ == "__main__":
    unittest.main()
