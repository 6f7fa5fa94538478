"""A Cognito user-pool stub for the sign-in tests: checks the SRP proof as Cognito does (moto does not).

Serves on 127.0.0.1 the JSON 1.1 operations a client signs in with (POST /, `X-Amz-Target:
AWSCognitoIdentityProviderService.<Operation>`):

- InitiateAuth: USER_SRP_AUTH (answers PASSWORD_VERIFIER with SALT, SRP_B = k·v + g^b, SECRET_BLOCK,
  USER_ID_FOR_SRP), USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH / REFRESH_TOKEN.
- RespondToAuthChallenge: PASSWORD_VERIFIER (recomputes S = (A·v^u)^b and the signature over the
  TIMESTAMP the client sent; only an exact match passes), SOFTWARE_TOKEN_MFA (RFC 6238, the current
  30-second step ±1), NEW_PASSWORD_REQUIRED.
- GlobalSignOut (revokes the user's refresh tokens).
- SECRET_HASH is checked on every call of a client that has a secret.

Tokens are RS256 JWTs (`iss` http://127.0.0.1:PORT/<pool id>); the key is published at
`GET /<pool id>/.well-known/jwks.json`. `GET /_stats` counts the operations (and flows, challenges and
tokens issued) so a test can assert "one sign-in".

Users: `--user NAME:PASSWORD[:FLAGS]` (FLAGS comma-separated: `disabled`, `new-password`,
`totp=BASE32`, `email=ADDRESS`) or `--users-file FILE` (a JSON list of {"username", "password",
"disabled", "new_password_required", "totp_secret", "email", "sub"}); an `email` is accepted as the
USERNAME of InitiateAuth, and USER_ID_FOR_SRP is then the internal username, as in a pool with email
sign-in. Clients: `--client ID[:SECRET]`. Start-up contract as the emulator's: `--port 0` (or none)
picks a free port, `--port-file` gets it once listening, and stdout gets `READY <port>`.
"""

from __future__ import annotations

import argparse
import base64
import datetime
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import signal
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Optional

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa

log = logging.getLogger("user-pool-stub")

# --- SRP-6a as Cognito does it (amazon-cognito-identity-js's AuthenticationHelper, server side) ------

N_HEX = (
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7"
    "ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C"
    "BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF"
)
N = int(N_HEX, 16)
G = 2


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def pad_hex(value) -> str:
    """Even length, and `00` in front of a first digit 8-f (a positive two's-complement form)."""
    text = value if isinstance(value, str) else f"{value:x}"
    if len(text) % 2 == 1:
        return "0" + text
    if text[0] in "89abcdefABCDEF":
        return "00" + text
    return text


def hash_hex_to_int(hex_text: str) -> int:
    return int(sha256_hex(bytes.fromhex(hex_text)), 16)


K = hash_hex_to_int("00" + N_HEX + "0" + f"{G:x}")


def password_x(pool_name: str, user_id: str, password: str, salt_hex: str) -> int:
    identity = sha256_hex(f"{pool_name}{user_id}:{password}".encode("utf-8"))
    return hash_hex_to_int(pad_hex(salt_hex) + identity)


def hkdf16(ikm: bytes, salt: bytes) -> bytes:
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()
    return hmac.new(prk, b"Caldera Derived Key\x01", hashlib.sha256).digest()[:16]


def secret_hash(client_secret: str, username: str, client_id: str) -> str:
    digest = hmac.new(client_secret.encode("utf-8"), (username + client_id).encode("utf-8"), hashlib.sha256)
    return base64.b64encode(digest.digest()).decode("ascii")


def base32_decode(text: str) -> bytes:
    cleaned = text.replace(" ", "").upper().rstrip("=")
    return base64.b32decode(cleaned + "=" * (-len(cleaned) % 8))


def totp(secret_base32: str, at: float, digits: int = 6) -> str:
    """RFC 6238 (HMAC-SHA1, 30-second steps)."""
    counter = int(at) // 30
    mac = hmac.new(base32_decode(secret_base32), counter.to_bytes(8, "big"), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    code = (int.from_bytes(mac[offset:offset + 4], "big") & 0x7FFFFFFF) % (10 ** digits)
    return f"{code:0{digits}d}"


# Cognito's TIMESTAMP: "Tue Dec 1 08:03:44 UTC 2026" (the day of the month not zero-padded).
TIMESTAMP = re.compile(r"^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) "
                       r"([1-9]|[12][0-9]|3[01]) [0-2][0-9]:[0-5][0-9]:[0-5][0-9] UTC [0-9]{4}$")
MAX_TIMESTAMP_SKEW = datetime.timedelta(minutes=5)


# --- state ---------------------------------------------------------------------------------------

class CognitoError(Exception):
    def __init__(self, error_type: str, message: str, status: int = 400):
        super().__init__(message)
        self.error_type = error_type
        self.message = message
        self.status = status


def incorrect() -> CognitoError:
    return CognitoError("NotAuthorizedException", "Incorrect username or password.")


@dataclass
class User:
    username: str
    password: str
    disabled: bool = False
    new_password_required: bool = False
    totp_secret: Optional[str] = None
    email: Optional[str] = None
    sub: str = field(default_factory=lambda: str(uuid.uuid4()))
    salt: str = ""
    verifier: int = 0

    def set_password(self, pool_name: str, password: str) -> None:
        """Keep only a salt and v = g^x, as Cognito does."""
        self.password = password
        self.salt = f"{secrets.randbits(128) | (1 << 120):x}"
        self.verifier = pow(G, password_x(pool_name, self.username, password, self.salt), N)

    @staticmethod
    def parse(text: str) -> "User":
        parts = text.split(":", 2)
        if len(parts) < 2 or not parts[0] or not parts[1]:
            raise argparse.ArgumentTypeError(f"--user expects NAME:PASSWORD[:FLAGS], got '{text}'")
        user = User(parts[0], parts[1])
        for flag in (parts[2].split(",") if len(parts) == 3 and parts[2] else []):
            if flag == "disabled":
                user.disabled = True
            elif flag == "new-password":
                user.new_password_required = True
            elif flag.startswith("totp="):
                user.totp_secret = flag[len("totp="):]
            elif flag.startswith("email="):
                user.email = flag[len("email="):]
            else:
                raise argparse.ArgumentTypeError(f"--user: unknown flag '{flag}'")
        return user


@dataclass
class PendingSRP:
    user: User
    client_id: str
    big_a: int
    small_b: int
    big_b: int


@dataclass
class PendingChallenge:
    user: User
    client_id: str
    name: str


class UserPool:
    def __init__(self, pool_id: str, users: list[User], clients: dict[str, Optional[str]],
                 token_lifetime: int, issuer_base: str):
        if "_" not in pool_id:
            raise ValueError(f"pool id '{pool_id}' is not <region>_<name>")
        self.pool_id = pool_id
        self.pool_name = pool_id.split("_")[1]
        self.clients = clients
        self.token_lifetime = token_lifetime
        self.issuer = f"{issuer_base}/{pool_id}"
        self.users = {user.username: user for user in users}
        for user in users:
            user.set_password(self.pool_name, user.password)
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.kid = secrets.token_hex(8)
        self.lock = threading.Lock()
        self.pending_srp: dict[str, PendingSRP] = {}
        self.sessions: dict[str, PendingChallenge] = {}
        self.refresh_tokens: dict[str, tuple[User, str]] = {}
        self.revoked_refresh: set[str] = set()
        self.stats: dict[str, int] = {}

    # -- helpers --

    def count(self, key: str) -> None:
        self.stats[key] = self.stats.get(key, 0) + 1

    def jwks(self) -> dict:
        key = jwt.algorithms.RSAAlgorithm.to_jwk(self.key.public_key(), as_dict=True)
        key.update({"kid": self.kid, "alg": "RS256", "use": "sig"})
        return {"keys": [key]}

    def find_user(self, name: str) -> User:
        user = self.users.get(name) or next((u for u in self.users.values() if u.email and u.email == name), None)
        if user is None:
            raise CognitoError("UserNotFoundException", "User does not exist.")
        return user

    def check_client(self, client_id: str) -> Optional[str]:
        if client_id not in self.clients:
            raise CognitoError("ResourceNotFoundException", "User pool client " + client_id + " does not exist.")
        return self.clients[client_id]

    def check_secret_hash(self, client_id: str, names: list[str], given: Optional[str]) -> None:
        client_secret = self.clients[client_id]
        if client_secret is None:
            return
        if not given or not any(hmac.compare_digest(given, secret_hash(client_secret, name, client_id))
                                for name in names if name):
            raise CognitoError("NotAuthorizedException", f"Unable to verify secret hash for client {client_id}")

    def issue(self, user: User, client_id: str, with_refresh: bool = True) -> dict:
        now = int(time.time())
        common = {"sub": user.sub, "iss": self.issuer, "iat": now, "auth_time": now,
                  "exp": now + self.token_lifetime, "jti": str(uuid.uuid4()), "origin_jti": str(uuid.uuid4())}
        id_claims = dict(common, aud=client_id, token_use="id", **{"cognito:username": user.username})
        if user.email:
            id_claims["email"] = user.email
        access_claims = dict(common, client_id=client_id, token_use="access", username=user.username,
                             scope="aws.cognito.signin.user.admin")
        headers = {"kid": self.kid}
        result = {
            "IdToken": jwt.encode(id_claims, self.key, algorithm="RS256", headers=headers),
            "AccessToken": jwt.encode(access_claims, self.key, algorithm="RS256", headers=headers),
            "ExpiresIn": self.token_lifetime,
            "TokenType": "Bearer",
        }
        if with_refresh:
            refresh = secrets.token_urlsafe(48)
            self.refresh_tokens[refresh] = (user, client_id)
            result["RefreshToken"] = refresh
            self.count("tokens:sign-in")
        else:
            self.count("tokens:refresh")
        return {"AuthenticationResult": result, "ChallengeParameters": {}}

    def after_password(self, user: User, client_id: str) -> dict:
        """What follows a proven password: a challenge, or the tokens."""
        for flagged, name, parameters in (
            (user.new_password_required, "NEW_PASSWORD_REQUIRED",
             {"USER_ID_FOR_SRP": user.username, "requiredAttributes": "[]", "userAttributes": "{}"}),
            (user.totp_secret is not None, "SOFTWARE_TOKEN_MFA", {"USER_ID_FOR_SRP": user.username}),
        ):
            if flagged:
                session = secrets.token_urlsafe(48)
                self.sessions[session] = PendingChallenge(user, client_id, name)
                return {"ChallengeName": name, "Session": session, "ChallengeParameters": parameters}
        return self.issue(user, client_id)

    # -- operations --

    def initiate_auth(self, body: dict) -> dict:
        client_id = body.get("ClientId", "")
        self.check_client(client_id)
        flow = body.get("AuthFlow", "")
        parameters = body.get("AuthParameters") or {}
        self.count(f"InitiateAuth:{flow}")
        if flow in ("REFRESH_TOKEN_AUTH", "REFRESH_TOKEN"):
            token = parameters.get("REFRESH_TOKEN", "")
            if token in self.revoked_refresh:
                raise CognitoError("NotAuthorizedException", "Refresh Token has been revoked")
            entry = self.refresh_tokens.get(token)
            if entry is None or entry[1] != client_id:
                raise CognitoError("NotAuthorizedException", "Invalid Refresh Token")
            user = entry[0]
            self.check_secret_hash(client_id, [user.username, user.sub, parameters.get("USERNAME", "")],
                                   parameters.get("SECRET_HASH"))
            if user.disabled:
                raise CognitoError("NotAuthorizedException", "User is disabled.")
            return self.issue(user, client_id, with_refresh=False)
        if flow not in ("USER_SRP_AUTH", "USER_PASSWORD_AUTH"):
            raise CognitoError("InvalidParameterException", f"Unsupported auth flow: {flow}")
        name = parameters.get("USERNAME", "")
        if not name:
            raise CognitoError("InvalidParameterException", "Missing required parameter USERNAME")
        self.check_secret_hash(client_id, [name], parameters.get("SECRET_HASH"))
        user = self.find_user(name)
        if user.disabled:
            raise CognitoError("NotAuthorizedException", "User is disabled.")
        if flow == "USER_PASSWORD_AUTH":
            if not hmac.compare_digest(parameters.get("PASSWORD", "").encode("utf-8"), user.password.encode("utf-8")):
                raise incorrect()
            return self.after_password(user, client_id)
        try:
            big_a = int(parameters.get("SRP_A", ""), 16)
        except ValueError:
            raise CognitoError("InvalidParameterException", "SRP_A is not a hexadecimal number") from None
        if big_a % N == 0:
            raise CognitoError("InvalidParameterException", "SRP_A mod N must not be 0")
        while True:
            small_b = secrets.randbits(1024) % N
            big_b = (K * user.verifier + pow(G, small_b, N)) % N
            if big_b != 0:
                break
        secret_block = base64.b64encode(secrets.token_bytes(1024)).decode("ascii")
        self.pending_srp[secret_block] = PendingSRP(user, client_id, big_a, small_b, big_b)
        return {
            "ChallengeName": "PASSWORD_VERIFIER",
            "ChallengeParameters": {
                "SALT": user.salt,
                "SRP_B": f"{big_b:x}",
                "SECRET_BLOCK": secret_block,
                "USER_ID_FOR_SRP": user.username,
                "USERNAME": user.username,
            },
        }

    def respond_to_auth_challenge(self, body: dict) -> dict:
        client_id = body.get("ClientId", "")
        self.check_client(client_id)
        name = body.get("ChallengeName", "")
        responses = body.get("ChallengeResponses") or {}
        self.count(f"RespondToAuthChallenge:{name}")
        if name == "PASSWORD_VERIFIER":
            return self.password_verifier(client_id, responses)
        session = self.sessions.pop(body.get("Session") or "", None)
        if session is None or session.name != name or session.client_id != client_id:
            raise CognitoError("NotAuthorizedException", "Invalid session for the user.")
        user = session.user
        self.check_secret_hash(client_id, [responses.get("USERNAME", ""), user.username],
                               responses.get("SECRET_HASH"))
        if name == "SOFTWARE_TOKEN_MFA":
            code = responses.get("SOFTWARE_TOKEN_MFA_CODE", "")
            now = time.time()
            if not any(hmac.compare_digest(code, totp(user.totp_secret, now + 30 * step)) for step in (-1, 0, 1)):
                raise CognitoError("CodeMismatchException", "Invalid code received for user")
            return self.issue(user, client_id)
        if name == "NEW_PASSWORD_REQUIRED":
            new_password = responses.get("NEW_PASSWORD", "")
            if len(new_password) < 8:
                raise CognitoError("InvalidPasswordException", "Password does not conform to policy: "
                                   "Password not long enough")
            user.set_password(self.pool_name, new_password)
            user.new_password_required = False
            return self.after_password(user, client_id)
        raise CognitoError("InvalidParameterException", f"Unsupported challenge: {name}")

    def password_verifier(self, client_id: str, responses: dict) -> dict:
        pending = self.pending_srp.pop(responses.get("PASSWORD_CLAIM_SECRET_BLOCK", ""), None)
        if pending is None or pending.client_id != client_id:
            raise CognitoError("NotAuthorizedException", "Incorrect username or password.")
        user = pending.user
        if responses.get("USERNAME") not in (user.username, user.email):
            raise incorrect()
        self.check_secret_hash(client_id, [responses.get("USERNAME", ""), user.username],
                               responses.get("SECRET_HASH"))
        timestamp = responses.get("TIMESTAMP", "")
        if not TIMESTAMP.match(timestamp):
            raise CognitoError("InvalidParameterException", f"TIMESTAMP '{timestamp}' is not in Cognito's format")
        moment = datetime.datetime.strptime(timestamp, "%a %b %d %H:%M:%S UTC %Y").replace(
            tzinfo=datetime.timezone.utc)
        if abs(datetime.datetime.now(datetime.timezone.utc) - moment) > MAX_TIMESTAMP_SKEW:
            raise CognitoError("NotAuthorizedException", "TIMESTAMP is too far from the server's clock")
        u = hash_hex_to_int(pad_hex(pending.big_a) + pad_hex(pending.big_b))
        s = pow(pending.big_a * pow(user.verifier, u, N), pending.small_b, N)
        key = hkdf16(bytes.fromhex(pad_hex(s)), bytes.fromhex(pad_hex(f"{u:x}")))
        message = (self.pool_name.encode("utf-8") + user.username.encode("utf-8")
                   + base64.b64decode(responses["PASSWORD_CLAIM_SECRET_BLOCK"]) + timestamp.encode("utf-8"))
        expected = base64.b64encode(hmac.new(key, message, hashlib.sha256).digest()).decode("ascii")
        if not hmac.compare_digest(expected, responses.get("PASSWORD_CLAIM_SIGNATURE", "")):
            raise incorrect()
        return self.after_password(user, client_id)

    def global_sign_out(self, body: dict) -> dict:
        try:
            claims = jwt.decode(body.get("AccessToken", ""), self.key.public_key(), algorithms=["RS256"],
                                issuer=self.issuer)
        except jwt.PyJWTError:
            raise CognitoError("NotAuthorizedException", "Invalid Access Token") from None
        if claims.get("token_use") != "access":
            raise CognitoError("NotAuthorizedException", "Invalid Access Token")
        for token, (user, _) in list(self.refresh_tokens.items()):
            if user.sub == claims["sub"]:
                self.revoked_refresh.add(token)
                del self.refresh_tokens[token]
        return {}

    def handle(self, operation: str, body: dict) -> dict:
        with self.lock:
            self.count(operation)
            if operation == "InitiateAuth":
                return self.initiate_auth(body)
            if operation == "RespondToAuthChallenge":
                return self.respond_to_auth_challenge(body)
            if operation == "GlobalSignOut":
                return self.global_sign_out(body)
            raise CognitoError("UnknownOperationException", f"Unknown operation {operation}")


# --- HTTP ----------------------------------------------------------------------------------------

TARGET_PREFIX = "AWSCognitoIdentityProviderService."


class Handler(BaseHTTPRequestHandler):
    server_version = "user-pool-stub"
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (the base class's name)
        log.info("%s %s", self.address_string(), format % args)

    def send(self, status: int, payload: dict, content_type: str = "application/x-amz-json-1.1",
             headers: Optional[dict] = None) -> None:
        data = json.dumps(payload).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("x-amzn-RequestId", str(uuid.uuid4()))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        pool: UserPool = self.server.pool  # type: ignore[attr-defined]
        if self.path == "/_stats":
            with pool.lock:
                self.send(200, dict(pool.stats), "application/json")
        elif self.path == f"/{pool.pool_id}/.well-known/jwks.json":
            self.send(200, pool.jwks(), "application/json")
        else:
            self.send(404, {"message": "Not Found"}, "application/json")

    def do_POST(self) -> None:  # noqa: N802
        pool: UserPool = self.server.pool  # type: ignore[attr-defined]
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        target = self.headers.get("X-Amz-Target", "")
        try:
            if not target.startswith(TARGET_PREFIX):
                raise CognitoError("UnknownOperationException", "Missing or unknown X-Amz-Target")
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                raise CognitoError("SerializationException", "Request body is not JSON") from None
            if not isinstance(body, dict):
                raise CognitoError("SerializationException", "Request body is not a JSON object")
            self.send(200, pool.handle(target[len(TARGET_PREFIX):], body))
        except CognitoError as error:
            self.send(error.status, {"__type": error.error_type, "message": error.message},
                      headers={"x-amzn-ErrorType": f"{error.error_type}:"})


# --- start-up ------------------------------------------------------------------------------------

def client_option(text: str) -> tuple[str, Optional[str]]:
    client_id, _, secret = text.partition(":")
    if not client_id:
        raise argparse.ArgumentTypeError(f"--client expects ID[:SECRET], got '{text}'")
    return client_id, secret or None


def load_users(path: str) -> list[User]:
    with open(path, encoding="utf-8") as handle:
        entries = json.load(handle)
    users = []
    for entry in entries:
        user = User(entry["username"], entry["password"], bool(entry.get("disabled")),
                    bool(entry.get("new_password_required")), entry.get("totp_secret"), entry.get("email"))
        if entry.get("sub"):
            user.sub = entry["sub"]
        users.append(user)
    return users


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="user_pool_stub.py", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0 = pick a free one)")
    parser.add_argument("--port-file", help="write the bound port to this file once listening")
    parser.add_argument("--pool-id", default="us-east-1_StubPool1")
    parser.add_argument("--client", type=client_option, action="append", default=[], metavar="ID[:SECRET]",
                        help="an app client (default: one client 'stubclient' without a secret)")
    parser.add_argument("--user", type=User.parse, action="append", default=[], metavar="NAME:PASSWORD[:FLAGS]")
    parser.add_argument("--users-file", help="a JSON list of users")
    parser.add_argument("--token-lifetime", type=int, default=3600, metavar="SECONDS",
                        help="lifetime of the ID and access tokens (ExpiresIn)")
    return parser.parse_args(argv)


def write_port_file(path: str, port: int) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    fd, temporary = tempfile.mkstemp(dir=folder, prefix=".port-")
    with os.fdopen(fd, "w") as handle:
        handle.write(f"{port}\n")
    os.replace(temporary, path)


def main(argv: list[str]) -> int:
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="user-pool-stub: %(message)s")
    args = parse_arguments(argv)
    users = list(args.user) + (load_users(args.users_file) if args.users_file else [])
    clients = dict(args.client) if args.client else {"stubclient": None}
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    port = server.server_address[1]
    server.pool = UserPool(args.pool_id, users, clients, args.token_lifetime,  # type: ignore[attr-defined]
                           f"http://127.0.0.1:{port}")
    stop = threading.Event()
    # A parent may start us with these signals blocked (Foundation's Process on Linux does).
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    thread = threading.Thread(target=server.serve_forever, name="http", daemon=True)
    thread.start()
    log.info("listening on http://127.0.0.1:%d/ (pool %s)", port, args.pool_id)
    if args.port_file:
        write_port_file(args.port_file, port)
    print(f"READY {port}", flush=True)
    stop.wait()
    server.shutdown()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
