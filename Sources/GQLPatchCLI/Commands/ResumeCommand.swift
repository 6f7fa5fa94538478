import GQLPatchSupport

/// The command line that resumes a stopped `apply`: the same arguments with `--resume`, shell-quoted,
/// with the value of every secret option replaced by its environment variable, so the note can be
/// copied and run without a secret ever being printed.
package enum ResumeCommand {
    /// Secret options and what stands for their value in the note.
    static let secrets: [String: String] = [
        OptionName.apiKey: "\"$GQLPATCH_API_KEY\"", OptionName.token: "\"$GQLPATCH_TOKEN\"",
        OptionName.clientSecret: "\"$GQLPATCH_CLIENT_SECRET\"", OptionName.mfaCode: "CODE",
    ]

    package static func text(for arguments: [String]) -> String {
        var words = ["gqlpatch"]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if let stand = secrets[argument], index < arguments.count {
                words += [argument, stand]
                index += 1
                continue
            }
            // The other options that may carry one: an endpoint's password, a credential header.
            if argument == OptionName.endpoint || argument == OptionName.header, index < arguments.count {
                words += [argument, LostWriteHint.shellQuoted(Self.withoutSecret(arguments[index], of: argument))]
                index += 1
                continue
            }
            if let equals = argument.firstIndex(of: "="), let stand = secrets[String(argument[..<equals])] {
                words.append(String(argument[..<equals]) + "=" + stand)
                continue
            }
            words.append(LostWriteHint.shellQuoted(argument))
        }
        if !arguments.contains(OptionName.resume) { words.append(OptionName.resume) }
        return words.joined(separator: " ")
    }

    /// An endpoint without its password, a credential header without its value (to give again).
    static func withoutSecret(_ value: String, of option: String) -> String {
        if option == OptionName.endpoint { return Redactor.url(value) }
        guard let colon = value.firstIndex(of: ":"), Redactor.isSecretHeader(String(value[..<colon])) else {
            return value
        }
        return value[..<colon] + ": VALUE"
    }
}
