extension HelpText {
    /// The environment variables gqlpatch reads, for `help globals` and the man page's ENVIRONMENT
    /// (a test checks every `GQLPATCH_*` name the sources read is here).
    package static let environment = """
        Environment:
          GQLPATCH_ENDPOINT           the GraphQL endpoint (--endpoint)
          GQLPATCH_SCHEMA             the schema file (--schema)
          GQLPATCH_AUTH               the auth mode (--auth)
          GQLPATCH_API_KEY            the API key (--api-key)
          GQLPATCH_TOKEN              a token for user-pool, oidc, lambda (--token)
          GQLPATCH_USERNAME           the user-pool user to sign in as (--username)
          GQLPATCH_PASSWORD           that user's password (never a flag)
          GQLPATCH_TOTP_SECRET        the user's TOTP secret, to compute MFA codes
          GQLPATCH_CLIENT_SECRET      the app client's secret (--client-secret)
          GQLPATCH_USER_POOL_ID       the user pool (--user-pool-id)
          GQLPATCH_CLIENT_ID          the app client (--client-id)
          GQLPATCH_IDENTITY_POOL_ID   the identity pool for --identity (--identity-pool-id)
          GQLPATCH_COMPLETION_CACHE   off: Tab completion reads the schema every time
          AWS_PROFILE, AWS_REGION, AWS_DEFAULT_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
          AWS_SESSION_TOKEN, AWS_CONFIG_FILE, AWS_SHARED_CREDENTIALS_FILE, AWS_WEB_IDENTITY_TOKEN_FILE,
          AWS_ROLE_ARN, AWS_CONTAINER_CREDENTIALS_*, AWS_EC2_METADATA_*
                                      --auth iam: the AWS SDKs' credential chain and region
          https_proxy, http_proxy, all_proxy, no_proxy (and upper case)
                                      proxies, as curl reads them
          SSL_CERT_FILE, CURL_CA_BUNDLE, AWS_CA_BUNDLE
                                      the certificate authorities trusted for https
          VISUAL, EDITOR              the editor of 'gqlpatch edit' (default vi)
          NO_COLOR                    no colour in a preview's diff on a terminal
          XDG_CACHE_HOME, HOME        where the token, identity and completion caches are
        """

    /// The files gqlpatch reads or writes of its own accord, for the man page's FILES.
    package static let files = """
        Files:
          ./schema.graphql            the schema, when neither --schema nor GQLPATCH_SCHEMA is given
          ./amplify_outputs.json, ./amplifyconfiguration.json
                                      the Amplify config (endpoint, region, auth, API key, models)
          transform.conf.json, amplify/cli.json
                                      beside a source schema: conflict detection and the transformer
          ~/.aws/config, ~/.aws/credentials
                                      --auth iam: profiles and keys
          $XDG_CACHE_HOME/gqlpatch/tokens/
                                      user-pool sign-ins (0600; else ~/.cache/gqlpatch/tokens/)
          $XDG_CACHE_HOME/gqlpatch/identities/
                                      guest identities of --identity guest (0600)
          $XDG_CACHE_HOME/gqlpatch/completion/
                                      what a Tab needs from each schema (0600)
          --journal PATH, PATH.plan   apply, insert and renumber: what was done, to resume (0600)
        """
}
