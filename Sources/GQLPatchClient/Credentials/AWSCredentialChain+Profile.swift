import AWSSigning
import GQLPatchSupport
import JSON

extension AWSCredentialChain {
    /// The profile's own credentials when it is the selected profile and has no `role_arn`:
    /// credentials-file keys, then `credential_process`, then config-file keys (the AWS CLI order).
    /// IAM Identity Center (SSO) profiles are an error with a way out.
    package func profileCredentials(_ profile: AWSProfile, shared: AWSSharedConfig) async throws(GQLPatchError)
        -> ResolvedCredentials?
    {
        if profile.string("sso_role_name") != nil || profile.string("sso_account_id") != nil
            || profile.string("sso_session") != nil
        {
            throw .configuration(
                "\(profile.position(of: "sso_session")): error: profile \(profile.name) uses IAM Identity Center (SSO), "
                    + "which gqlpatch does not read; add `credential_process = aws configure export-credentials "
                    + "--profile \(profile.name) --format process` to another profile and use that one")
        }
        if let keys = try staticKeys(profile, shared: shared),
            profile.values["aws_access_key_id"]?.inCredentialsFile == true
        {
            return keys
        }
        if let command = profile.string("credential_process") {
            return try processCredentials(command: command, profile: profile, shared: shared)
        }
        return try staticKeys(profile, shared: shared)
    }

    /// `aws_access_key_id` + `aws_secret_access_key` (+ `aws_session_token`, legacy
    /// `aws_security_token` first) of `profile`; `nil` without a key id.
    package func staticKeys(_ profile: AWSProfile, shared: AWSSharedConfig) throws(GQLPatchError)
        -> ResolvedCredentials?
    {
        guard let keyID = profile.values["aws_access_key_id"], !keyID.value.isEmpty else { return nil }
        guard let secret = profile.string("aws_secret_access_key") else {
            throw .configuration(
                "\(keyID.path):\(keyID.line):1: error: profile \(profile.name) has aws_access_key_id but no aws_secret_access_key"
            )
        }
        let token = profile.string("aws_security_token") ?? profile.string("aws_session_token")
        let file = keyID.inCredentialsFile ? shared.credentialsDisplayPath : shared.configDisplayPath
        return ResolvedCredentials(
            credentials: SigV4Credentials(accessKeyID: keyID.value, secretAccessKey: secret, sessionToken: token),
            source: "profile \(profile.name) in \(file)"
        )
    }

    /// Credentials of `profile` when another profile names it in `source_profile`: its static keys
    /// win over its own `role_arn` (so a profile may name itself), then the role, web identity and
    /// `credential_process`.
    package func sourceProfileCredentials(
        _ profile: AWSProfile,
        shared: AWSSharedConfig,
        chain: [String]
    ) async throws(GQLPatchError) -> ResolvedCredentials {
        if let keys = try staticKeys(profile, shared: shared) { return keys }
        if profile.string("role_arn") != nil {
            if profile.string("web_identity_token_file") != nil {
                if let found = try await profileWebIdentity(profile) { return found }
            }
            return try await assumeRole(profile: profile, shared: shared, chain: chain)
        }
        if let command = profile.string("credential_process") {
            return try processCredentials(command: command, profile: profile, shared: shared)
        }
        throw .configuration(
            "profile \(profile.name) in \(profile.location) is used as a source_profile but has no credentials")
    }

    /// STS AssumeRole for `profile`'s `role_arn`, signed with the credentials of its
    /// `source_profile` or `credential_source`. `chain` holds the profiles already on the way here,
    /// to report loops.
    ///
    /// A `source_profile` chain is walked in a loop, not by recursion: down to the first profile with
    /// credentials of its own, with the names seen in a set (a chain of n profiles is n steps, where
    /// copying the path at every level took n²), then the roles are assumed from the bottom up.
    package func assumeRole(profile: AWSProfile, shared: AWSSharedConfig, chain: [String]) async throws(GQLPatchError)
        -> ResolvedCredentials
    {
        var path = chain
        var seen = Set(chain)
        var roles: [AWSProfile] = []
        var current = profile
        var source: ResolvedCredentials
        while true {
            let sourceProfile = current.string("source_profile")
            let credentialSource = current.string("credential_source")
            if sourceProfile != nil, credentialSource != nil {
                throw .configuration(
                    "\(current.position(of: "credential_source")): error: profile \(current.name) has both source_profile and credential_source"
                )
            }
            if current.string("mfa_serial") != nil {
                throw .configuration(
                    "\(current.position(of: "mfa_serial")): error: profile \(current.name) needs an MFA code (mfa_serial), which gqlpatch cannot prompt for"
                )
            }
            roles.append(current)
            path.append(current.name)
            seen.insert(current.name)
            if let sourceProfile {
                if seen.contains(sourceProfile), !(sourceProfile == current.name && hasStaticKeys(current)) {
                    throw .configuration(
                        "\(current.position(of: "source_profile")): error: source_profile loop: "
                            + (path + [sourceProfile]).joined(separator: " -> "))
                }
                guard let next = shared.profile(sourceProfile) else {
                    throw .configuration(
                        "\(current.position(of: "source_profile")): error: source_profile \(sourceProfile) of profile \(current.name) does not exist"
                    )
                }
                // `sourceProfileCredentials`, with its own role followed here instead of by recursion.
                if let keys = try staticKeys(next, shared: shared) {
                    source = keys
                    break
                }
                if next.string("role_arn") != nil {
                    if next.string("web_identity_token_file") != nil, let found = try await profileWebIdentity(next) {
                        source = found
                        break
                    }
                    current = next
                    continue
                }
                source = try await sourceProfileCredentials(next, shared: shared, chain: path)
                break
            } else if let credentialSource {
                source = try await credentialSourceCredentials(credentialSource, profile: current)
                break
            } else {
                throw .configuration(
                    "\(current.position(of: "role_arn")): error: profile \(current.name) has role_arn but neither source_profile nor credential_source"
                )
            }
        }
        for role in roles.reversed() {
            source = try await assumeRole(role, signingWith: source)
        }
        return source
    }

    /// The AssumeRole call of one profile, signed with `source`.
    private func assumeRole(_ profile: AWSProfile, signingWith source: ResolvedCredentials) async throws(GQLPatchError)
        -> ResolvedCredentials
    {
        let roleARN = profile.string("role_arn") ?? ""
        var parameters = [
            ("RoleArn", roleARN),
            ("RoleSessionName", profile.string("role_session_name") ?? "gqlpatch-session-\(now())"),
        ]
        if let externalID = profile.string("external_id") { parameters.append(("ExternalId", externalID)) }
        if let duration = profile.string("duration_seconds") {
            guard let seconds = Int(duration), seconds > 0 else {
                throw .configuration(
                    "\(profile.position(of: "duration_seconds")): error: duration_seconds must be a whole number of seconds"
                )
            }
            parameters.append(("DurationSeconds", String(seconds)))
        }
        let (credentials, expiration) = try await callSTS(
            action: "AssumeRole", parameters: parameters, signingWith: source.credentials, signerOrigin: source.origin,
            roleARN: roleARN)
        return ResolvedCredentials(
            credentials: credentials,
            source: "profile \(profile.name) in \(profile.location) (role \(roleARN) assumed with \(source.source))",
            expiration: expiration,
            origin: .server
        )
    }

    private func hasStaticKeys(_ profile: AWSProfile) -> Bool {
        profile.string("aws_access_key_id") != nil
    }

    /// `credential_source = Environment | Ec2InstanceMetadata | EcsContainer` (case-insensitive).
    private func credentialSourceCredentials(_ name: String, profile: AWSProfile) async throws(GQLPatchError)
        -> ResolvedCredentials
    {
        let position = profile.position(of: "credential_source")
        switch name.lowercased() {
        case "environment":
            guard let found = try environmentCredentials() else {
                throw .configuration(
                    "\(position): error: credential_source Environment of profile \(profile.name): AWS_ACCESS_KEY_ID not set"
                )
            }
            return found
        case "ec2instancemetadata":
            switch try await instanceMetadataCredentials() {
            case .found(let found): return found
            case .skipped(let reason):
                throw .configuration(
                    "\(position): error: credential_source Ec2InstanceMetadata of profile \(profile.name): \(reason)")
            }
        case "ecscontainer":
            switch try await containerCredentials() {
            case .found(let found): return found
            case .skipped(let reason):
                throw .configuration(
                    "\(position): error: credential_source EcsContainer of profile \(profile.name): \(reason)")
            }
        default:
            throw .configuration(
                "\(position): error: credential_source must be Environment, Ec2InstanceMetadata or EcsContainer")
        }
    }
}
