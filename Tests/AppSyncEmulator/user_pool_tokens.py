"""Cognito user-pool tokens as AppSync's AMAZON_COGNITO_USER_POOLS mode checks them: an RS256 JWT in the
`Authorization` header (no "Bearer"), its signature verified with a key of the pool's JWKS, `iss` the
pool's issuer, an ID token's `aud` or an access token's `client_id` one of the app clients, `exp` in the
future. PyJWT and cryptography are imported only when the emulator is started with `--user-pool-jwks`
(the venv has them through Tests/CognitoServers/requirements.txt)."""

from __future__ import annotations

import json
import threading
import urllib.request
from typing import Optional

EXPIRED = "Token has expired."
INVALID = "Valid authorization header not provided."


class UserPoolTokens:
    def __init__(self, jwks_source: str, issuer: str, client_ids: tuple[str, ...]):
        import jwt  # noqa: F401 (fail at start-up, not on the first request, when PyJWT is missing)

        self.jwks_source = jwks_source
        self.issuer = issuer
        self.client_ids = frozenset(client_ids)
        self._keys: dict[str, object] = {}
        self._lock = threading.Lock()

    @staticmethod
    def looks_like_jwt(authorization: str) -> bool:
        return authorization.count(".") == 2 and " " not in authorization

    def _load_keys(self) -> None:
        """(Re)reads the JWKS: a URL (the stub's /<pool>/.well-known/jwks.json) or a file."""
        import jwt

        if self.jwks_source.startswith(("http://", "https://")):
            with urllib.request.urlopen(self.jwks_source, timeout=10) as response:
                document = json.load(response)
        else:
            with open(self.jwks_source, encoding="utf-8") as handle:
                document = json.load(handle)
        self._keys = {entry["kid"]: jwt.PyJWK(entry).key for entry in document.get("keys", []) if "kid" in entry}

    def _key(self, kid: str):
        with self._lock:
            if kid not in self._keys:
                try:
                    self._load_keys()
                except (OSError, ValueError, KeyError):
                    return None
            return self._keys.get(kid)

    def refusal(self, token: str) -> Optional[str]:
        """None when the token is accepted, else the message of AppSync's 401."""
        import jwt

        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError:
            return INVALID
        key = self._key(header.get("kid", ""))
        if key is None or header.get("alg") != "RS256":
            return INVALID
        try:
            claims = jwt.decode(token, key, algorithms=["RS256"], issuer=self.issuer,
                                options={"verify_aud": False, "require": ["exp", "iss", "token_use"]})
        except jwt.ExpiredSignatureError:
            return EXPIRED
        except jwt.PyJWTError:
            return INVALID
        use = claims.get("token_use")
        audience = claims.get("aud") if use == "id" else claims.get("client_id") if use == "access" else None
        if audience not in self.client_ids:
            return INVALID
        return None
