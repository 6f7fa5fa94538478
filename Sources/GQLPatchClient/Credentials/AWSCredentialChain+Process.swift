import AWSSigning
import GQLPatchSupport
import JSON

extension AWSCredentialChain {
    /// Runs the profile's `credential_process` and reads its JSON: `Version` 1, `AccessKeyId`,
    /// `SecretAccessKey`, optional `SessionToken` and `Expiration`. A non-zero exit is an error
    /// carrying the command's stderr.
    package func processCredentials(
        command: String,
        profile: AWSProfile,
        shared: AWSSharedConfig
    ) throws(GQLPatchError) -> ResolvedCredentials {
        let position = profile.position(of: "credential_process")
        let what = "credential_process of profile \(profile.name)"
        let result = try runProcess(command)
        guard result.status == 0 else {
            var message = "\(position): error: \(what) exited with status \(result.status)"
            let stderr = String(decoding: result.stderr, as: UTF8.self)
                .split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
                .map { String($0).trimmingWhitespace() }
                .filter { !$0.isEmpty }
                .joined(separator: " ")
            if !stderr.isEmpty { message += ": " + String(stderr.prefix(1000)) }
            throw .configuration(message)
        }
        let document: JSONValue
        do {
            document = try JSONValue.parse(result.stdout)
        } catch {
            throw .configuration(
                "\(position): error: \(what) did not print a JSON object (\(error.line):\(error.column): \(error.message))"
            )
        }
        guard case .object = document else {
            throw .configuration("\(position): error: \(what) did not print a JSON object")
        }
        guard document["Version"]?.intValue == 1 else {
            let shown = document["Version"].map { Self.shortText($0) } ?? "missing"
            throw .configuration(
                "\(position): error: \(what) printed Version \(shown); gqlpatch reads Version 1")
        }
        func required(_ key: String) throws(GQLPatchError) -> String {
            guard let value = document[key]?.stringValue, !value.isEmpty else {
                throw .configuration("\(position): error: \(what) printed no \(key)")
            }
            return value
        }
        let keyID = try required("AccessKeyId")
        let secret = try required("SecretAccessKey")
        let token = document["SessionToken"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        var expiration: Int?
        if let text = document["Expiration"]?.stringValue {
            guard let seconds = ISO8601Timestamp.secondsSince1970(text) else {
                throw .configuration(
                    "\(position): error: \(what) printed an Expiration that is not an RFC 3339 timestamp")
            }
            expiration = seconds
        }
        let file =
            profile.values["credential_process"]?.inCredentialsFile == true
            ? shared.credentialsDisplayPath : shared.configDisplayPath
        return ResolvedCredentials(
            credentials: SigV4Credentials(accessKeyID: keyID, secretAccessKey: secret, sessionToken: token),
            source: "credential_process of profile \(profile.name) in \(file)",
            expiration: expiration
        )
    }

    /// A JSON scalar as text for a message (the `Version` value, never a secret field).
    private static func shortText(_ value: JSONValue) -> String {
        switch value {
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let text): return "\"\(text.prefix(20))\""
        case .bool(let flag): return String(flag)
        case .null: return "null"
        case .array: return "[…]"
        case .object: return "{…}"
        }
    }
}
