import GQLPatchTestSupport
import Testing

@testable import GQLPatchCLI
@testable import GQLPatchSupport

/// The option tables bind each option's value where its command keeps it: how each way of storing a
/// value behaves, and that every name is declared once and used.
@Suite struct OptionBindingTests {
    struct Target: Sendable {
        var name: String?
        var count = 0
        var items: [String] = []
        var fields: [String]?
        var on = false
        var pretty = false
    }

    static let table: [OptionBinding<Target>] = [
        .once("--name", "N", "", read: .text, into: \.name),
        .value("--count", "N", "", read: .whole(in: 1...5), into: \.count),
        .repeated("--item", "I", "", read: .text, appending: \.items),
        .list("--fields", "F,...", "", read: .fieldList, appending: \.fields),
        .flag("--on", "", sets: \.on),
        .flag("--plain", opposite: "--fancy", "", stores: false, in: \.pretty),
    ]

    func parse(_ options: [(String, String?)]) throws(GQLPatchError) -> Target {
        var target = Target()
        try OptionBinding.apply(
            Self.table, options.map { ParsedOption(name: $0.0, value: $0.1) }, to: &target)
        return target
    }

    @Test func eachFormStoresItsValue() throws {
        let target = try parse([
            ("--name", "a"), ("--count", "2"), ("--count", "3"), ("--item", "x"), ("--item", "y"),
            ("--fields", "a,b"), ("--fields", "c"), ("--on", nil), ("--fancy", nil),
        ])
        #expect(target.name == "a")
        #expect(target.count == 3, "a later value replaces an earlier one")
        #expect(target.items == ["x", "y"])
        #expect(target.fields == ["a", "b", "c"])
        #expect(target.on)
        #expect(target.pretty, "the opposite stores the reverse")
        #expect(try parse([("--fancy", nil), ("--plain", nil)]).pretty == false)
    }

    func refusal(_ options: [(String, String?)]) -> GQLPatchError? {
        do {
            _ = try parse(options)
            return nil
        } catch {
            return error
        }
    }

    @Test func refusalsNameTheOptionAsGiven() {
        let cases: [([(String, String?)], String)] = [
            ([("--name", "a"), ("--name", "b")], "--name given twice"),
            ([("--count", "9")], "--count expects a whole number from 1 to 5, got '9'"),
            ([("--fields", "a,")], "--fields expects FIELD,FIELD,..., got 'a,'"),
            ([("--nope", "x")], "unknown option '--nope'"),
        ]
        for (options, message) in cases {
            let error = refusal(options)
            #expect(error?.code == .usage)
            #expect(error?.message == message)
        }
    }

    /// Every command's table and the global one: each option's names are distinct within what the
    /// parser reads together (the command's and the global options), and each is a declared name.
    @Test func everyTableNameIsDeclaredOnceAndNoNameIsUnused() {
        let declared = Set(OptionName.allNames)
        #expect(declared.count == OptionName.allNames.count, "two constants spell the same option")
        var used: Set<String> = []
        // `watch` and `wait` take their own `--timeout DURATION` after the command name.
        let shadowing: Set<String> = [OptionName.timeout]
        for syntax in CommandSyntax.all {
            let own = syntax.options.flatMap(\.names)
            #expect(Set(own).count == own.count, "\(syntax.name) declares a name twice")
            let shadowed = Set(own).intersection(GlobalOptions.table.flatMap(\.names))
            #expect(shadowed.isSubset(of: shadowing), "\(syntax.name) shadows \(shadowed.sorted())")
            used.formUnion(own + GlobalOptions.table.flatMap(\.names))
        }
        // diff's sides spell global options with a prefix (`--from-endpoint`): declared through them.
        let unprefixed = Set(used.map { APISide.globalName(of: $0) ?? $0 })
        #expect(unprefixed.isSubset(of: declared), "\(unprefixed.subtracting(declared).sorted())")
        #expect(declared.subtracting(used) == [OptionName.password], "only the refused --password is not a table's")
    }
}

/// `watch` and `wait`'s durations: a number with its unit.
@Suite struct DurationReaderTests {
    @Test func unitsAndRefusals() throws {
        #expect(try ValueReader.duration.read("30s", "--timeout") == 30)
        #expect(try ValueReader.duration.read("10m", "--timeout") == 600)
        #expect(try ValueReader.duration.read("1h", "--timeout") == 3600)
        #expect(try ValueReader.duration.read("250ms", "--timeout") == 0.25)
        for text in ["30", "0s", "-1s", "1d", "s", "8000h", ".5s"] {
            do {
                _ = try ValueReader.duration.read(text, "--timeout")
                Issue.record("\(text) was taken")
            } catch {
                #expect(error.code == .usage)
                #expect(error.message.hasPrefix("--timeout expects a duration with its unit"))
            }
        }
    }
}
