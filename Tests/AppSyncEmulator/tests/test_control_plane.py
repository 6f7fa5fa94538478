"""The emulator's control plane as botocore's AppSync client reads it: GetGraphqlApi and
GetIntrospectionSchema for the API it serves, its errors parsed by botocore into the service's error
codes, and introspection through the GraphQL endpoint refused with --introspection disabled."""

from __future__ import annotations

import json
import unittest

import boto3
import botocore.exceptions
from graphql import build_schema

import support

API_ID = "emulatedapiabcdefghijklmno"


class ControlPlaneTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.emulator = support.Emulator("--iam", "AKIDCONTROL:controlsecret:us-east-1",
                                        "--control-plane-api-id", API_ID, "--introspection", "disabled")
        base = f"http://127.0.0.1:{cls.emulator.port}"
        cls.client = boto3.client("appsync", region_name="us-east-1", endpoint_url=base,
                                  aws_access_key_id="AKIDCONTROL", aws_secret_access_key="controlsecret")
        cls.wrong = boto3.client("appsync", region_name="us-east-1", endpoint_url=base,
                                 aws_access_key_id="AKIDCONTROL", aws_secret_access_key="not-the-secret")

    @classmethod
    def tearDownClass(cls):
        cls.emulator.stop()

    def test_get_graphql_api_gives_the_emulators_own_endpoints(self):
        api = self.client.get_graphql_api(apiId=API_ID)["graphqlApi"]
        self.assertEqual(api["apiId"], API_ID)
        self.assertEqual(api["authenticationType"], "API_KEY")
        self.assertEqual(api["uris"]["GRAPHQL"], self.emulator.url)
        self.assertEqual(api["uris"]["REALTIME"], self.emulator.url.replace("http://", "ws://") + "/realtime")

    def test_get_introspection_schema_gives_sdl_graphql_core_builds(self):
        answer = self.client.get_introspection_schema(apiId=API_ID, format="SDL", includeDirectives=True)
        sdl = answer["schema"].read().decode()
        # The AWS scalars and directives are the service's own, as in a deployed schema.
        declarations = "\n".join(f"scalar {name}" for name in (
            "AWSDate", "AWSTime", "AWSDateTime", "AWSTimestamp", "AWSEmail", "AWSJSON", "AWSURL", "AWSPhone",
            "AWSIPAddress"))
        schema = build_schema(sdl + "\n" + declarations, assume_valid_sdl=True)
        self.assertIn("Item", schema.type_map)
        self.assertIn("updateItem", schema.mutation_type.fields)

    def test_errors_are_the_services_codes(self):
        with self.assertRaises(botocore.exceptions.ClientError) as caught:
            self.client.get_graphql_api(apiId="nosuchapi")
        self.assertEqual(caught.exception.response["Error"]["Code"], "NotFoundException")
        self.assertEqual(caught.exception.response["ResponseMetadata"]["HTTPStatusCode"], 404)
        with self.assertRaises(botocore.exceptions.ClientError) as caught:
            self.wrong.get_graphql_api(apiId=API_ID)
        self.assertEqual(caught.exception.response["Error"]["Code"], "InvalidSignatureException")
        self.assertEqual(caught.exception.response["ResponseMetadata"]["HTTPStatusCode"], 403)

    def test_unsigned_requests_are_refused(self):
        reply = self.emulator.post(b"", path=f"/v1/apis/{API_ID}")
        self.assertEqual(reply.status, 403)
        self.assertEqual(reply.headers["x-amzn-errortype"], "MissingAuthenticationTokenException")

    def test_introspection_is_refused_through_the_graphql_endpoint(self):
        reply = self.emulator.request("{ __schema { queryType { name } } }")
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.json["errors"][0]["errorType"], "ValidationError")
        reply = self.emulator.request("query { listItems { items { id } } }")
        self.assertNotIn("errors", reply.json)


if __name__ == "__main__":
    unittest.main()
