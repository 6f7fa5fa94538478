import GQLPatchOperations
import GQLPatchSupport

/// Options several commands declare alike, each bound to where the command keeps it.
extension OptionBinding {
    /// `--id VALUE` of `get`, `update`, `delete`, `edit`.
    package static func id(_ path: WritableKeyPath<Target, String?> & Sendable) -> Self {
        .once(
            OptionName.id, "VALUE", "the primary key when it is one field, whatever its name", section: "Key",
            read: .text, into: path)
    }

    /// `--key FIELD=VALUE` of `get`, `update`, `delete`, `edit`.
    package static func key(_ path: WritableKeyPath<Target, [FieldAssignment]> & Sendable) -> Self {
        .repeated(
            OptionName.key, "FIELD=VALUE", "one primary-key field; repeat for composite keys", section: "Key",
            completes: .assignment(.key), read: .pair, appending: path)
    }

    /// `--key FIELD=VALUE` naming a parent (`insert`, `renumber`, `create --next`, `dups`), with the
    /// command's help line.
    package static func parent(
        _ help: String, section: String, _ path: WritableKeyPath<Target, [FieldAssignment]> & Sendable
    ) -> Self {
        .repeated(
            OptionName.key, "FIELD=VALUE", help, section: section, completes: .assignment(.key), read: .pair,
            appending: path)
    }

    /// `--var NAME=VALUE` of `query` and `--arg NAME=VALUE` of `call` (also `NAME:=JSON` and
    /// `NAME=@PATH`): named values in command-line order, each name once; `kind` names what they
    /// are in messages (`variable`, `argument`), `json` the JSON form's help.
    package static func namedValues(
        _ name: String, _ help: String, json: String, kind: String,
        _ path: WritableKeyPath<Target, [FieldAssignment]> & Sendable
    ) -> Self {
        OptionBinding(
            .value(
                name, "NAME=VALUE", help, repeats: true,
                moreForms: [
                    .init(valueName: "NAME:=JSON", help: json),
                    .init(valueName: "NAME=@PATH", help: "the value read from a file (@- for standard input)"),
                ])
        ) { (target, value, given) throws(GQLPatchError) in
            let assignment = try CommandLineParser.assignment(value, option: given)
            guard !assignment.field.contains(".") else {
                throw .usage("\(given) expects NAME=VALUE with \(kind) name, got '\(value)'")
            }
            guard !target[keyPath: path].contains(where: { $0.field == assignment.field }) else {
                throw .usage("\(given) \(assignment.field) given twice")
            }
            target[keyPath: path].append(assignment)
        }
    }

    /// `--expect-version N` of `update` and `delete`.
    package static func expectVersion(section: String = "Options", _ path: WritableKeyPath<Target, Int?> & Sendable)
        -> Self
    {
        .value(
            OptionName.expectVersion, "N", "only if the record's _version is N", section: section, read: .version,
            into: path)
    }

    /// `--select FIELD,...`, with the command's own help line.
    package static func select(
        _ help: String, section: String = "Options", _ path: WritableKeyPath<Target, [String]?> & Sendable
    ) -> Self {
        .list(OptionName.select, "FIELD,...", help, section: section, read: .fieldList, appending: path)
    }

    /// `--page-size N`, with the command's own help line.
    package static func pageSize(_ help: String, _ path: WritableKeyPath<Target, Int?> & Sendable) -> Self {
        .value(OptionName.pageSize, "N", help, read: .count, into: path)
    }

    /// `--patch PATH|-`, given once, with the command's own help line.
    package static func patch(_ help: String, section: String, _ path: WritableKeyPath<Target, String?> & Sendable)
        -> Self
    {
        .once(OptionName.patch, "PATH|-", help, section: section, read: .text, into: path)
    }

    /// `--set FIELD=VALUE` (and its JSON and file forms), with the command's own help lines.
    package static func set(
        _ help: String, json: String = "a literal JSON value", section: String,
        completes: OptionCompletion = .assignment(.writable),
        _ path: WritableKeyPath<Target, [FieldAssignment]> & Sendable
    ) -> Self {
        .repeated(
            OptionName.set, "FIELD=VALUE", help,
            moreForms: [
                .init(valueName: "FIELD:=JSON", help: json),
                .init(valueName: "FIELD=@PATH", help: "the value read from a file (@- for standard input)"),
            ], section: section, completes: completes, read: .assignment, appending: path)
    }

    /// `--journal PATH` of `insert` and `renumber`.
    package static func sequenceJournal(_ path: WritableKeyPath<Target, String?> & Sendable) -> Self {
        .value(
            OptionName.journal, "PATH",
            """
            journal the moves in PATH and write the plan to PATH.plan
            (default: a private temporary folder, named on stderr if the
            run stops part-way)
            """, read: .path, into: path)
    }

    /// `--resume JOURNAL` of `insert` and `renumber` (`the insert`, `the renumbering`).
    package static func sequenceResume(_ what: String, _ path: WritableKeyPath<Target, String?> & Sendable) -> Self {
        .value(
            OptionName.resume, "JOURNAL", "finish \(what) that JOURNAL recorded (its plan beside it)", read: .path,
            into: path)
    }

    /// `--max-attempts N` (apply's own has a longer help).
    package static func maxAttempts(
        help: String = "tries for connection failures, timeouts, HTTP 5xx and 429 (default 5)",
        _ path: WritableKeyPath<Target, Int> & Sendable
    ) -> Self {
        .value(OptionName.maxAttempts, "N", help, read: .whole(in: NumericLimits.maxAttempts), into: path)
    }
}
