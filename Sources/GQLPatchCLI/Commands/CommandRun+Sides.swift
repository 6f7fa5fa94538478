import GQLPatchSettings
import GQLPatchSupport

extension CommandRun {
    /// The settings of the two sides of `diff` and `copy`: the plain global options with each side's
    /// own over them (`APISide`), each resolved before anything is sent. A side that cannot be
    /// resolved is named in the error.
    package func sides(from: [ParsedOption], to: [ParsedOption]) throws(GQLPatchError) -> (Settings, Settings) {
        var sides: [Settings] = []
        for (side, given) in [(APISide.from, from), (.to, to)] {
            var sideRun = self
            do throws(GQLPatchError) {
                sideRun.options = try APISide.options(over: options, given)
                sides.append(try sideRun.settings())
            } catch {
                throw GQLPatchError(
                    error.code, "\(side.described): \(error.message) (\(side.prefix)OPTION gives this side its own)")
            }
        }
        return (sides[0], sides[1])
    }

    /// Where a command keeps its temporary files: `$TMPDIR`, else /tmp.
    package var temporaryBase: String { PrivateFiles.temporaryBase(environment) }
}
