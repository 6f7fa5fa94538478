import AWSSigning
import GQLPatchSupport
import HTTP

/// Finds AWS credentials the way the AWS CLI v2 does, trying in order:
///
/// 1. the environment (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`), unless
///    `--profile` is given;
/// 2. the selected profile's `role_arn` (STS AssumeRole with `source_profile` or `credential_source`);
/// 3. web identity (`AWS_WEB_IDENTITY_TOKEN_FILE` + `AWS_ROLE_ARN`, or the profile's
///    `web_identity_token_file`; STS AssumeRoleWithWebIdentity, unsigned);
/// 4. static keys of the profile in the credentials file, then its `credential_process`, then
///    static keys in the config file;
/// 5. the container endpoint (`AWS_CONTAINER_CREDENTIALS_RELATIVE_URI` / `_FULL_URI`);
/// 6. EC2 instance metadata (IMDSv2, 1 s timeout, one attempt).
///
/// The profile is `--profile`, else `AWS_PROFILE`, else `AWS_DEFAULT_PROFILE`, else `default`.
/// Empty environment variables count as unset. Everything outside the process (files, HTTP,
/// subprocesses, the clock) comes in through the initialiser, so tests need no network.
public struct AWSCredentialChain: Sendable, CustomStringConvertible, CustomReflectable {
    /// Runs a `credential_process` command line and returns its exit status and output.
    public typealias ProcessRunner =
        @Sendable (String) throws(GQLPatchError) -> (
            status: Int32, stdout: [UInt8], stderr: [UInt8]
        )
    /// Seconds since 1970.
    public typealias Clock = @Sendable () -> Int

    /// The process environment.
    public var environment: [String: String]
    /// The `--profile` flag, if given.
    public var profileFlag: String?
    /// The region STS is called in (the region of the AppSync request); `nil` uses the global
    /// endpoint `https://sts.amazonaws.com` signed for `us-east-1`.
    public var region: String?
    /// The home directory, for `~/.aws/…`.
    public var home: String
    package let transport: any HTTPTransport
    /// The shared config and credentials files and the token files are read through it.
    package let files: FileSystem
    package let runProcess: ProcessRunner
    package let now: Clock

    /// Seconds to wait for STS.
    package var stsTimeout: Double = 10
    /// Seconds to wait for the container endpoint, per attempt.
    package var containerTimeout: Double = 2
    /// Seconds to sleep between container attempts.
    package var containerRetryDelay: Double = 1
    /// Seconds to wait for each instance-metadata request.
    package var imdsTimeout: Double = 1
    /// The container endpoint for `AWS_CONTAINER_CREDENTIALS_RELATIVE_URI`.
    package var containerBase = "http://169.254.170.2"
    /// How the caller names the profile it was given (`--profile`).
    package var wording: any InputWording

    /// Makes a chain; see the type's documentation for the order.
    package init(
        environment: [String: String],
        profile: String? = nil,
        region: String? = nil,
        home: String,
        transport: any HTTPTransport,
        files: FileSystem,
        runProcess: @escaping ProcessRunner = ShellProcessRunner.run,
        clock: @escaping Clock,
        wording: any InputWording
    ) {
        self.wording = wording
        self.environment = environment
        self.profileFlag = profile.flatMap { $0.isEmpty ? nil : $0 }
        self.region = region
        self.home = home
        self.transport = transport
        self.files = files
        self.runProcess = runProcess
        self.now = clock
    }

    /// The profile name in use: `--profile`, `AWS_PROFILE`, `AWS_DEFAULT_PROFILE` or `default`.
    public var profileName: String {
        profileFlag ?? env("AWS_PROFILE") ?? env("AWS_DEFAULT_PROFILE") ?? "default"
    }

    /// Whether the profile was chosen rather than defaulted (then a missing profile is an error).
    package var profileIsExplicit: Bool {
        profileFlag != nil || env("AWS_PROFILE") != nil || env("AWS_DEFAULT_PROFILE") != nil
    }

    /// Reads `~/.aws/config` and `~/.aws/credentials` (or their overrides).
    public func sharedConfig() throws(GQLPatchError) -> AWSSharedConfig {
        try AWSSharedConfig.load(environment: environment, home: home, files: files)
    }

    /// Reads one of the chain's files (`InputLimit.valueFile`): one that cannot be read is 66 when an
    /// environment variable named it, 78 when it is a default or written in a config file; one over the
    /// limit, or a device, is configuration (78, README "Limits").
    package static func readFile(_ path: String, files: FileSystem, origin: FileSystem.Origin) throws(GQLPatchError)
        -> [UInt8]
    {
        do {
            return try files.read(path, limit: .valueFile, origin: origin)
        } catch {
            guard error.code == .invalidInput else { throw error }
            throw .configuration(error.message)
        }
    }

    package func readFile(_ path: String, origin: FileSystem.Origin) throws(GQLPatchError) -> [UInt8] {
        try Self.readFile(path, files: files, origin: origin)
    }

    /// The `region` of the selected profile, for `RegionResolver`; `nil` when there is none.
    public func profileRegion() throws(GQLPatchError) -> String? {
        try sharedConfig().profile(profileName)?.string("region")
    }

    /// Tries each source in order and returns the first credentials found. Throws `.configuration`
    /// listing every source tried when none has credentials, or the error of a source that is
    /// set up but broken (bad file, STS refusal, failing `credential_process`, …).
    public func resolve() async throws(GQLPatchError) -> ResolvedCredentials {
        var tried: [String] = []

        if profileFlag == nil {
            if let found = try environmentCredentials() { return found }
            tried.append("environment (AWS_ACCESS_KEY_ID not set)")
        } else {
            tried.append("environment (not used with \(wording.name(.profile)))")
        }

        let shared = try sharedConfig()
        let name = profileName
        let profile = shared.profile(name)
        if profile == nil, profileIsExplicit {
            throw .configuration(
                "AWS profile '\(name)' not found in \(shared.credentialsDisplayPath) or \(shared.configDisplayPath)")
        }

        if let profile, profile.string("role_arn") != nil, profile.string("web_identity_token_file") == nil {
            return try await assumeRole(profile: profile, shared: shared, chain: [])
        }

        if let found = try await webIdentityCredentials(profile: profile) { return found }
        let webIdentityReason = "web identity (AWS_WEB_IDENTITY_TOKEN_FILE not set)"

        if let profile {
            if let found = try await profileCredentials(profile, shared: shared) { return found }
            tried.append("profile \(name) (no credentials in \(profile.location))")
        } else if shared.isEmpty {
            tried.append("profile \(name) (no \(shared.credentialsDisplayPath) or \(shared.configDisplayPath))")
        } else {
            tried.append("profile \(name) (not in \(shared.credentialsDisplayPath) or \(shared.configDisplayPath))")
        }
        tried.append(webIdentityReason)

        switch try await containerCredentials() {
        case .found(let found): return found
        case .skipped(let reason): tried.append("container (\(reason))")
        }

        switch try await instanceMetadataCredentials() {
        case .found(let found): return found
        case .skipped(let reason): tried.append("instance metadata (\(reason))")
        }

        throw .configuration("no AWS credentials found; tried: " + tried.joined(separator: ", "))
    }

    /// A source's answer: credentials, or why it had none (for the nothing-found message).
    package enum Outcome: Sendable {
        case found(ResolvedCredentials)
        case skipped(String)
    }

    /// The value of an environment variable, `nil` when unset or empty.
    package func env(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }

    /// The profile, region and home directory; never the environment (it may hold secrets).
    public var description: String {
        "AWSCredentialChain(profile: \(profileName), region: \(region ?? "none"), home: \(home))"
    }

    public var customMirror: Mirror {
        Mirror(self, children: ["profile": profileName, "region": region as Any, "home": home], displayStyle: .struct)
    }
}
