import GQLPatchSupport

/// One of the two APIs `diff` compares (and a copy would move data between): each is given by the
/// global options that choose an API and who calls it, spelled with the side's prefix
/// (`--from-endpoint`, `--to-auth`); a plain global option (`--schema S`) and the environment serve
/// both sides, and a side's own option wins over them.
package enum APISide: String, Sendable, CaseIterable {
    case from, to

    /// `--from-`, `--to-`.
    package var prefix: String { self == .from ? OptionName.fromPrefix : OptionName.toPrefix }

    /// How help and messages name the side.
    package var described: String { self == .from ? "the source (from)" : "the target (to)" }

    /// The global options a side may give: where the API is, its schema, and the credentials.
    package static let optionNames: [String] = [
        OptionName.env, OptionName.endpoint, OptionName.apiID, OptionName.schema, OptionName.config, OptionName.auth,
        OptionName.apiKey,
        OptionName.token, OptionName.username, OptionName.passwordFile, OptionName.authFlow, OptionName.clientSecret,
        OptionName.mfaCode, OptionName.tokenUse, OptionName.userPoolId, OptionName.clientId, OptionName.noCache,
        OptionName.region, OptionName.profile, OptionName.identity, OptionName.identityPoolId, OptionName.header,
        OptionName.allowInsecureHttp, OptionName.conflictResolution,
    ]

    /// `--endpoint` as this side spells it: `--from-endpoint`.
    package func spelling(_ name: String) -> String { prefix + name.dropFirst(2) }

    /// The global option a side's spelling stands for (`--to-auth` -> `--auth`); nil for any other name.
    package static func globalName(of name: String) -> String? {
        for side in allCases where name.hasPrefix(side.prefix) {
            let global = "--" + name.dropFirst(side.prefix.count)
            return optionNames.contains(global) ? global : nil
        }
        return nil
    }

    /// This side's options: each global one of `optionNames` under the side's spelling, kept as
    /// given (by its global name) in `path`, to be applied over the plain global options by
    /// `options(over:_:)`.
    package func bindings<Target>(into path: WritableKeyPath<Target, [ParsedOption]> & Sendable) -> [OptionBinding<
        Target
    >] {
        let section = "The two sides"
        return GlobalOptions.bindings.compactMap { binding in
            guard Self.optionNames.contains(binding.spec.name) else { return nil }
            var spec = binding.spec
            let global = spec.name
            spec.name = spelling(global)
            spec.short = nil
            spec.opposite = nil
            spec.section = section
            spec.help = "\(global) for \(described)"
            spec.moreForms = []
            return OptionBinding(spec) { (target, value, _) throws(GQLPatchError) in
                target[keyPath: path].append(ParsedOption(name: global, value: value))
            }
        }
    }

    /// The sides' options as `--help` lists them: every name, rows filled to 80 columns (44 one a
    /// line would not fit a screen), under a heading that says what they are.
    package static var helpBlock: String {
        var lines = [
            "The two sides: these global options with from- (the source) or to- (the target) before",
            "their name; a plain global option, or the environment, serves both sides:",
        ]
        var row = ""
        for name in optionNames {
            let pair = "\(APISide.from.spelling(name)), \(APISide.to.spelling(name))"
            if !row.isEmpty, row.count + 2 + pair.count > 78 {
                lines.append(row + ",")
                row = ""
            }
            row = row.isEmpty ? "  " + pair : row + ", " + pair
        }
        lines.append(row)
        return lines.joined(separator: "\n")
    }

    /// The plain global options with a side's own (`given`, by their global names) applied over them.
    package static func options(over base: GlobalOptions, _ given: [ParsedOption]) throws(GQLPatchError)
        -> GlobalOptions
    {
        var arguments = GlobalArguments()
        arguments.options = base
        try OptionBinding.apply(GlobalOptions.bindings, given, to: &arguments)
        return arguments.options
    }
}
