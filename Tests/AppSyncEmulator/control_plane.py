"""AppSync's control plane, the two operations gqlpatch asks of it: GetGraphqlApi and GetIntrospectionSchema.

moto answers both (the tests use it too), but its GetGraphqlApi gives no real endpoint URIs; this one
answers for the API the emulator serves, with the emulator's own /graphql and /graphql/realtime. Shapes
as the AppSync API reference gives them (REST-JSON: errors as `{"message"}` with `x-amzn-ErrorType`;
GetIntrospectionSchema's schema as the raw body). Every request must carry a SigV4 signature for
service `appsync`, checked with botocore as the GraphQL endpoint checks its own.
"""

from __future__ import annotations

import json
from typing import Callable, Optional
from urllib.parse import parse_qs, urlsplit

from server import Response

APIS = "/v1/apis/"


def rest_error(status: int, error_type: str, message: str) -> Response:
    return Response(status, json.dumps({"message": message}).encode(), {"x-amzn-ErrorType": error_type})


class ControlPlane:
    """Answers /v1/apis/{id} and /v1/apis/{id}/schema for one API id."""

    def __init__(self, api_id: str, name: str, authentication_type: str, schema_sdl: str,
                 sigv4_refusal: Callable[[str, str, dict, bytes], Optional[tuple[int, str, str]]],
                 scheme: str = "http", user_pool_id: Optional[str] = None):
        self.api_id = api_id
        self.name = name
        self.authentication_type = authentication_type
        self.schema_sdl = schema_sdl
        self.sigv4_refusal = sigv4_refusal
        self.scheme = scheme
        self.user_pool_id = user_pool_id

    @staticmethod
    def handles(path: str) -> bool:
        return urlsplit(path).path.startswith(APIS)

    def respond(self, method: str, path: str, headers: dict[str, str], body: bytes) -> Response:
        if not headers.get("authorization", "").startswith("AWS4-HMAC-SHA256"):
            # The front end's answer to an unsigned request to a SigV4 service.
            return rest_error(403, "MissingAuthenticationTokenException", "Missing Authentication Token")
        refusal = self.sigv4_refusal(method, path, headers, body)
        if refusal is not None:
            status, error_type, message = refusal
            if error_type == "BadRequestException":
                # AWS's REST front end answers a wrong signature 403 InvalidSignatureException (the
                # GraphQL endpoint's 400 is its own).
                status, error_type = 403, "InvalidSignatureException"
            return rest_error(status, error_type, message)
        if method != "GET":
            return rest_error(405, "MethodNotAllowedException", "Only GET is served for these resources.")
        parts = urlsplit(path)
        rest = parts.path[len(APIS):].split("/")
        api_id = rest[0]
        if api_id != self.api_id:
            return rest_error(404, "NotFoundException", f"GraphQL API {api_id} not found.")
        if len(rest) == 1:
            return self._get_graphql_api(headers)
        if rest[1:] == ["schema"]:
            query = parse_qs(parts.query)
            fmt = (query.get("format") or [""])[0]
            if fmt not in ("SDL", "JSON"):
                return rest_error(400, "BadRequestException", f"Invalid format {fmt} given")
            if fmt == "JSON":
                return rest_error(400, "BadRequestException", "This emulator gives the schema as SDL only.")
            return Response(200, self.schema_sdl.encode(), content_type="application/octet-stream")
        return rest_error(404, "NotFoundException", "Not Found")

    def _get_graphql_api(self, headers: dict[str, str]) -> Response:
        host = headers.get("host", "127.0.0.1")
        realtime = "wss" if self.scheme == "https" else "ws"
        api = {
            "apiId": self.api_id,
            "name": self.name,
            "apiType": "GRAPHQL",
            "authenticationType": self.authentication_type,
            "arn": f"arn:aws:appsync:us-east-1:123456789012:apis/{self.api_id}",
            "uris": {"GRAPHQL": f"{self.scheme}://{host}/graphql",
                     "REALTIME": f"{realtime}://{host}/graphql/realtime"},
            "additionalAuthenticationProviders": [],
            "xrayEnabled": False,
            "visibility": "GLOBAL",
            "introspectionConfig": "DISABLED",
        }
        if self.user_pool_id:
            api["userPoolConfig"] = {"userPoolId": self.user_pool_id, "awsRegion": "us-east-1",
                                     "defaultAction": "ALLOW"}
        return Response(200, json.dumps({"graphqlApi": api}).encode())
