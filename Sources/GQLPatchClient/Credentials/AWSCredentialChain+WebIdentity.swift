import AWSSigning
import GQLPatchSupport

extension AWSCredentialChain {
    /// STS AssumeRoleWithWebIdentity (unsigned) with the token file from
    /// `AWS_WEB_IDENTITY_TOKEN_FILE` or the profile's `web_identity_token_file`; environment
    /// values win key by key and are ignored under `--profile`. `nil` when no token file is set.
    package func webIdentityCredentials(profile: AWSProfile?) async throws(GQLPatchError) -> ResolvedCredentials? {
        let fromEnvironment = profileFlag == nil ? env("AWS_WEB_IDENTITY_TOKEN_FILE") : nil
        if fromEnvironment == nil {
            guard let profile else { return nil }
            return try await profileWebIdentity(profile)
        }
        let roleARN = (profileFlag == nil ? env("AWS_ROLE_ARN") : nil) ?? profile?.string("role_arn")
        guard let roleARN, let tokenFile = fromEnvironment else {
            throw .configuration("AWS_WEB_IDENTITY_TOKEN_FILE is set but AWS_ROLE_ARN is not")
        }
        let sessionName = env("AWS_ROLE_SESSION_NAME") ?? profile?.string("role_session_name")
        return try await assumeRoleWithWebIdentity(
            roleARN: roleARN, tokenFile: tokenFile, origin: .named, sessionName: sessionName, source: "web identity")
    }

    /// Web identity from the profile's `web_identity_token_file` and `role_arn`.
    package func profileWebIdentity(_ profile: AWSProfile) async throws(GQLPatchError) -> ResolvedCredentials? {
        guard let tokenFile = profile.string("web_identity_token_file") else { return nil }
        guard let roleARN = profile.string("role_arn") else {
            throw .configuration(
                "\(profile.position(of: "web_identity_token_file")): error: profile \(profile.name) has web_identity_token_file but no role_arn"
            )
        }
        let sessionName =
            (profileFlag == nil ? env("AWS_ROLE_SESSION_NAME") : nil) ?? profile.string("role_session_name")
        // A path written in a config file is configuration, as the file is.
        return try await assumeRoleWithWebIdentity(
            roleARN: roleARN, tokenFile: tokenFile, origin: .found, sessionName: sessionName,
            source: "web identity from profile \(profile.name) in \(profile.location)")
    }

    private func assumeRoleWithWebIdentity(
        roleARN: String,
        tokenFile: String,
        origin: FileSystem.Origin,
        sessionName: String?,
        source: String
    ) async throws(GQLPatchError) -> ResolvedCredentials {
        // Sent as read, not trimmed (as botocore and the Rust SDK do).
        let token = String(decoding: try readFile(tokenFile, origin: origin), as: UTF8.self)
        guard !token.isEmpty else { throw .configuration("the web identity token file \(tokenFile) is empty") }
        let (credentials, expiration) = try await callSTS(
            action: "AssumeRoleWithWebIdentity",
            parameters: [
                ("RoleArn", roleARN),
                ("RoleSessionName", sessionName ?? "gqlpatch-session-\(now())"),
                ("WebIdentityToken", token),
            ],
            signingWith: nil,
            roleARN: roleARN,
            secrets: [token]
        )
        return ResolvedCredentials(credentials: credentials, source: source, expiration: expiration, origin: .server)
    }
}
