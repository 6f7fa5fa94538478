import GQLPatchSupport

/// One option of a command, or a global option, declared once: its names, its value, its help line.
/// A command's `CommandSyntax.options` and `GlobalOptions.table` are lists of these, and everything
/// else is read from them: the parser's sets of value options and flags, the option lists of each
/// `--help` text (and so of the man page, which is rendered from the help texts), and the option
/// names and fixed values that shell completion offers.
package struct OptionSpec: Sendable {
    /// Another way of giving the same option, listed on a line of its own (`--set FIELD:=JSON`).
    package struct Form: Sendable {
        package var valueName: String
        package var help: String
    }

    /// The long name, `--concurrency`.
    package var name: String
    /// The short name, `-j`, or nil.
    package var short: String?
    /// A flag with the opposite effect, listed with this one (`--compact | --pretty`).
    package var opposite: String?
    /// The value's name in help (`N`, `FIELD=VALUE`); nil for a flag, which takes no value.
    package var valueName: String?
    /// The help line; a `\n` continues it on the next line, under the description column.
    package var help: String
    /// Whether giving it more than once adds to it (`--set`, `--header`) rather than being refused or
    /// replacing the earlier value.
    package var repeats: Bool
    /// The values it takes when they are a fixed set (`--auth`, `--output`, `--sort`): completion
    /// offers them.
    package var values: [String]?
    /// More value forms, each listed under the first (`--set FIELD:=JSON`, `--set FIELD=@PATH`).
    package var moreForms: [Form]
    /// The heading the option is listed under in `--help` (`Key`, `Changes`, `Options`).
    package var section: String
    /// What completion offers for its value from the schema.
    package var completion: OptionCompletion = .none
    /// Listed on one line with the options beside it that share it, this being their help (a
    /// command that takes another's options as they are: `update --where` takes `list`'s).
    package var group: String?

    /// An option that takes a value.
    package static func value(
        _ name: String, short: String? = nil, _ valueName: String, _ help: String, repeats: Bool = false,
        values: [String]? = nil, moreForms: [Form] = [], section: String = "Options",
        completion: OptionCompletion = .none
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, opposite: nil, valueName: valueName, help: help, repeats: repeats, values: values,
            moreForms: moreForms, section: section, completion: completion)
    }

    /// An option that takes no value.
    package static func flag(
        _ name: String, short: String? = nil, opposite: String? = nil, _ help: String, section: String = "Options"
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, opposite: opposite, valueName: nil, help: help, repeats: false, values: nil,
            moreForms: [], section: section)
    }

    /// `--auth`, `--output`: a value from a fixed set, its cases' raw values.
    package static func choice<Choice: CaseIterable & RawRepresentable>(
        _ name: String, _ valueName: String? = nil, of _: Choice.Type, _ help: String, section: String = "Options"
    ) -> OptionSpec where Choice.RawValue == String {
        let values = Choice.allCases.map(\.rawValue)
        return value(name, valueName ?? values.joined(separator: "|"), help, values: values, section: section)
    }

    /// Every name the parser accepts for it.
    package var names: [String] { [name] + [short, opposite].compactMap { $0 } }

    package var takesValue: Bool { valueName != nil }

    /// The help lines: `  TERM  help`, the help at column 30 (on the next line when the term is longer),
    /// continuation lines under it; one such entry per value form.
    package var helpLines: [String] {
        var lines: [String] = []
        let forms = [Form(valueName: valueName ?? "", help: help)] + moreForms
        for form in forms {
            lines += Self.entry(term: term(form.valueName), help: form.help)
        }
        return lines
    }

    /// `-j N, --concurrency N`, `--resume`, `--compact | --pretty`.
    func term(_ valueName: String) -> String {
        guard takesValue else {
            let term = short.map { "\($0), \(name)" } ?? name
            return opposite.map { term + " | \($0)" } ?? term
        }
        let long = "\(name) \(valueName)"
        return short.map { "\($0) \(valueName), \(long)" } ?? long
    }

    /// `  TERM  help`, the help at column 30 (on the next line when the term is longer).
    static func entry(term: String, help: String) -> [String] {
        let column = 30
        let parts = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let head = "  " + term
        var lines: [String]
        if head.count + 2 > column {
            lines = [head, String(repeating: " ", count: column) + parts[0]]
        } else {
            lines = [head + String(repeating: " ", count: column - head.count) + parts[0]]
        }
        return lines + parts.dropFirst().map { String(repeating: " ", count: column) + $0 }
    }
}

extension [OptionSpec] {
    /// The names of the options that take a value.
    package var valueNames: Set<String> { Set(filter(\.takesValue).flatMap(\.names)) }
    /// The names of the options that take none.
    package var flagNames: Set<String> { Set(filter { !$0.takesValue }.flatMap(\.names)) }

    /// The option one of whose names is `name`.
    package func spec(named name: String) -> OptionSpec? {
        first { $0.names.contains(name) }
    }

    /// The `--help` option list: each section's heading (`Key:`), then its options' lines.
    package var helpList: String {
        var lines: [String] = []
        var section: String?
        var index = startIndex
        while index < endIndex {
            let spec = self[index]
            if spec.section != section {
                lines.append(spec.section + ":")
                section = spec.section
            }
            index += 1
            guard let group = spec.group else {
                lines += spec.helpLines
                continue
            }
            var terms = [spec.term(spec.valueName ?? "")]
            while index < endIndex, self[index].group == group {
                terms.append(self[index].term(self[index].valueName ?? ""))
                index += 1
            }
            // The terms over as many lines as they need (each line still starts with an option).
            var termLines = [terms[0]]
            for term in terms.dropFirst() {
                if termLines[termLines.count - 1].count + term.count + 2 > 94 {
                    termLines[termLines.count - 1] += ","
                    termLines.append(term)
                } else {
                    termLines[termLines.count - 1] += ", " + term
                }
            }
            lines += termLines.dropLast().map { "  " + $0 }
            lines += OptionSpec.entry(term: termLines[termLines.count - 1], help: group)
        }
        return lines.joined(separator: "\n")
    }
}
