import GQLPatchOperations
import JSON
import Testing

@testable import GQLPatchCLI

@Suite struct DiffCommandTests {
    @Test func aSideSpellsEachGlobalOptionWithItsPrefix() throws {
        #expect(APISide.from.spelling(OptionName.apiKey) == "--from-api-key")
        #expect(APISide.globalName(of: "--to-endpoint") == OptionName.endpoint)
        #expect(APISide.globalName(of: "--to-timeout") == nil, "the timeout is the run's, not a side's")
        let names = APISide.to.bindings(into: \DiffOptions.to).map(\.spec.name)
        #expect(names.count == APISide.optionNames.count)
        var options = DiffOptions()
        try OptionBinding.apply(
            DiffOptions.bindings,
            [ParsedOption(name: "--to-auth", value: "iam"), ParsedOption(name: "--from-no-cache", value: nil)],
            to: &options)
        #expect(options.to == [ParsedOption(name: OptionName.auth, value: "iam")])
        var base = GlobalOptions()
        base.schemaPath = "shared.graphql"
        let side = try APISide.options(over: base, options.to)
        #expect(side.auth == .iam && side.schemaPath == "shared.graphql", "the plain option serves both sides")
        #expect(try APISide.options(over: base, options.from).noCache)
    }
}
