"""moto's Cognito Identity Provider on a free loopback port, set up for the sign-in tests.

Starts moto's server on 127.0.0.1 (port 0: the kernel picks), creates a user pool with two app
clients (one without a secret, one with; both allow USER_PASSWORD_AUTH, USER_SRP_AUTH and
REFRESH_TOKEN_AUTH) and users (confirmed, FORCE_CHANGE_PASSWORD, disabled, software-token MFA),
writes what it made as JSON to --setup-file and the port to --port-file, then serves until SIGTERM.
Every request's X-Amz-Target is appended to --request-log (moto keeps no count of its own).
"""

import argparse
import json
import os
import signal
import sys
import threading

import boto3
from werkzeug.serving import make_server

from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app

PASSWORD = "Corr3ct-Horse!battery"
USERS = {"confirmed": "alice", "new_password": "newbie", "disabled": "mallory", "mfa": "totp-tess"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--setup-file", required=True)
    parser.add_argument("--request-log", required=True)
    args = parser.parse_args()

    app = DomainDispatcherApplication(create_backend_app)
    log_lock = threading.Lock()

    def counting(environ, start_response):
        target = environ.get("HTTP_X_AMZ_TARGET", "")
        with log_lock, open(args.request_log, "a", encoding="utf-8") as log:
            log.write(target + "\n")
        return app(environ, start_response)

    server = make_server("127.0.0.1", 0, counting, threaded=True, request_handler=MotoRequestHandler)
    port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    endpoint = f"http://127.0.0.1:{port}"
    client = boto3.client(
        "cognito-idp", region_name="us-east-1", endpoint_url=endpoint,
        aws_access_key_id="testing", aws_secret_access_key="testing")
    pool = client.create_user_pool(PoolName="gqlpatch-e2e")["UserPool"]["Id"]
    flows = ["ALLOW_USER_PASSWORD_AUTH", "ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"]
    plain = client.create_user_pool_client(UserPoolId=pool, ClientName="plain", ExplicitAuthFlows=flows)
    secret = client.create_user_pool_client(
        UserPoolId=pool, ClientName="secret", GenerateSecret=True, ExplicitAuthFlows=flows)
    for role, name in USERS.items():
        client.admin_create_user(UserPoolId=pool, Username=name, TemporaryPassword="Temp-0rary!pass")
        if role != "new_password":
            client.admin_set_user_password(UserPoolId=pool, Username=name, Password=PASSWORD, Permanent=True)
    client.admin_disable_user(UserPoolId=pool, Username=USERS["disabled"])
    # Software-token MFA must be verified before it can be preferred: sign in once, associate, verify
    # (moto takes any code unless MOTO_COGNITO_IDP_USER_POOL_ENABLE_TOTP is set).
    access = client.initiate_auth(
        ClientId=plain["UserPoolClient"]["ClientId"], AuthFlow="USER_PASSWORD_AUTH",
        AuthParameters={"USERNAME": USERS["mfa"], "PASSWORD": PASSWORD})["AuthenticationResult"]["AccessToken"]
    client.associate_software_token(AccessToken=access)
    client.verify_software_token(AccessToken=access, UserCode="123456")
    client.admin_set_user_mfa_preference(
        UserPoolId=pool, Username=USERS["mfa"],
        SoftwareTokenMfaSettings={"Enabled": True, "PreferredMfa": True})

    setup = {
        "endpoint": endpoint + "/",
        "pool": pool,
        "client": plain["UserPoolClient"]["ClientId"],
        "secretClient": secret["UserPoolClient"]["ClientId"],
        "clientSecret": secret["UserPoolClient"]["ClientSecret"],
        "password": PASSWORD,
        "users": USERS,
    }
    with open(args.setup_file + ".tmp", "w", encoding="utf-8") as out:
        json.dump(setup, out)
    os.replace(args.setup_file + ".tmp", args.setup_file)
    # The port last: the launcher waits for it, and everything above is ready by then.
    with open(args.port_file + ".tmp", "w", encoding="utf-8") as out:
        out.write(str(port))
    os.replace(args.port_file + ".tmp", args.port_file)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    server.shutdown()
    sys.exit(0)


if __name__ == "__main__":
    main()
