import GQLPatchSettings
import GQLPatchSupport

extension CommandRun {
    /// The settings of the two sides of `diff` and `copy`: the plain global options with each side's
    /// own over them (`APISide`), each resolved before anything is sent. A side that cannot be
    /// resolved is named in the error.
    package func sides(from: [ParsedOption], to: [ParsedOption]) async throws(GQLPatchError) -> (Settings, Settings) {
        var sides: [Settings] = []
        for (side, given) in [(APISide.from, from), (.to, to)] {
            var sideRun = self
            do throws(GQLPatchError) {
                sideRun.options = try APISide.options(over: options, given)
                sides.append(try await sideRun.settings())
            } catch {
                throw GQLPatchError(
                    error.code, "\(side.described): \(error.message) (\(side.prefix)OPTION gives this side its own)")
            }
        }
        return (sides[0], sides[1])
    }

    /// Refuses two sides that resolve to one endpoint unless `meant` (`--same-api`): a `diff` or
    /// `copy` given no `--from-`/`--to-` side (or the same on both) would compare an API with itself,
    /// answering "same" to a CI check, or write every record back where it was.
    package func checkTwoAPIs(_ from: Settings, _ to: Settings, command: String, meant: Bool) throws(GQLPatchError) {
        guard !meant, let a = from.endpoint, let b = to.endpoint, Self.sameEndpoint(a, b) else { return }
        throw .usage(
            "\(command): both sides are \(Redactor.url(a)): give each its own with \(OptionName.fromPrefix)endpoint URL and \(OptionName.toPrefix)endpoint URL (or \(OptionName.fromPrefix)config, \(OptionName.toPrefix)config), or pass \(OptionName.sameAPI) to mean one API"
        )
    }

    /// Whether two endpoint URLs name one API (scheme and host in any case, a trailing slash aside).
    static func sameEndpoint(_ a: String, _ b: String) -> Bool {
        func normal(_ text: String) -> String {
            var text = text
            while text.hasSuffix("/") { text.removeLast() }
            guard let scheme = text.firstRange(of: "://") else { return text }
            let rest = text[scheme.upperBound...]
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            return text[..<scheme.upperBound].lowercased() + rest[..<slash].lowercased() + rest[slash...]
        }
        return normal(a) == normal(b)
    }

    /// Where a command keeps its temporary files: `$TMPDIR`, else /tmp.
    package var temporaryBase: String { PrivateFiles.temporaryBase(environment) }
}
