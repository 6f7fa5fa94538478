"""Known answers for gqlpatch's Cognito sign-in arithmetic, computed by pycognito (a client the project
did not write). Reads one JSON object on stdin and prints one JSON object:

  {"srp": [{"a", "pool_id", "user_id", "password", "salt", "b", "secret_block", "timestamp"}, ...],
   "pow": [{"base", "exponent", "modulus"}, ...],          (hex)
   "timestamps": [seconds since 1970, ...],
   "secret_hash": [{"client_secret", "username", "client_id"}, ...]}
->
  {"srp": [{"A", "u", "x", "S", "key", "signature"}, ...], "pow": ["hex", ...], "timestamps": ["...", ...],
   "secret_hash": ["base64", ...]}

`srp` uses AWSSRP itself: its `calculate_a`, `get_password_authentication_key` and `process_challenge`
(with the timestamp fixed), and recomputes u, x and S with aws_srp's own helpers, checking that they give
the key `get_password_authentication_key` gave.
"""

import datetime
import json
import sys

from pycognito import aws_srp


def srp_case(case):
    srp = aws_srp.AWSSRP(
        username=case["user_id"],
        password=case["password"],
        pool_id=case["pool_id"],
        client_id="client",
        client=object(),  # never called: no network
    )
    srp.small_a_value = int(case["a"], 16) % srp.big_n
    srp.large_a_value = srp.calculate_a()
    big_b = aws_srp.hex_to_long(case["b"])
    key = srp.get_password_authentication_key(case["user_id"], case["password"], big_b, case["salt"])

    # The same steps as get_password_authentication_key, to expose the intermediates.
    u = aws_srp.calculate_u(srp.large_a_value, big_b)
    pool_name = case["pool_id"].split("_")[1]
    identity = aws_srp.hash_sha256(f"{pool_name}{case['user_id']}:{case['password']}".encode("utf-8"))
    x = aws_srp.hex_to_long(aws_srp.hex_hash(aws_srp.pad_hex(case["salt"]) + identity))
    s = pow(big_b - srp.val_k * pow(srp.val_g, x, srp.big_n), srp.small_a_value + u * x, srp.big_n)
    recomputed = aws_srp.compute_hkdf(
        bytearray.fromhex(aws_srp.pad_hex(s)), bytearray.fromhex(aws_srp.pad_hex(aws_srp.long_to_hex(u)))
    )
    if recomputed != key:
        raise SystemExit("srp_vectors: the recomputed intermediates do not give pycognito's key")

    srp.get_cognito_formatted_timestamp = lambda _now: case["timestamp"]
    challenge = {
        "USER_ID_FOR_SRP": case["user_id"],
        "SALT": case["salt"],
        "SRP_B": case["b"],
        "SECRET_BLOCK": case["secret_block"],
        "USERNAME": case["user_id"],
    }
    response = srp.process_challenge(challenge, {"USERNAME": case["user_id"]})
    if response["TIMESTAMP"] != case["timestamp"]:
        raise SystemExit("srp_vectors: the fixed timestamp was not used")
    return {
        "A": aws_srp.long_to_hex(srp.large_a_value),
        "u": aws_srp.long_to_hex(u),
        "x": aws_srp.long_to_hex(x),
        "S": aws_srp.long_to_hex(s),
        "key": bytes(key).hex(),
        "signature": response["PASSWORD_CLAIM_SIGNATURE"],
    }


def timestamp(seconds):
    moment = datetime.datetime.fromtimestamp(seconds, tz=datetime.timezone.utc)
    return aws_srp.AWSSRP.get_cognito_formatted_timestamp(moment)


def main():
    request = json.load(sys.stdin)
    answer = {
        "srp": [srp_case(case) for case in request.get("srp", [])],
        "pow": [
            f"{pow(int(c['base'], 16), int(c['exponent'], 16), int(c['modulus'], 16)):x}"
            for c in request.get("pow", [])
        ],
        "timestamps": [timestamp(s) for s in request.get("timestamps", [])],
        "secret_hash": [
            aws_srp.AWSSRP.get_secret_hash(c["username"], c["client_id"], c["client_secret"])
            for c in request.get("secret_hash", [])
        ],
    }
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
