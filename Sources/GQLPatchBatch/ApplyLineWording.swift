import GQLPatchSupport

/// An `apply` line's names for the input sources the lower layers report against: its members
/// (`"key" field id`, `"key" is missing rowID`, `the "if" condition`). What a line does not hold,
/// the run's settings, is named as the run was given it (`run`: the command line's wording).
package struct ApplyLineWording: InputWording {
    /// The wording of the run's own settings (`ConflictResolution`).
    package var run: any InputWording

    package init(run: any InputWording) {
        self.run = run
    }

    package func name(_ source: InputSource) -> String {
        switch source {
        case .id, .key: return "\"key\""
        case .set, .patch: return "\"set\""
        case .unset: return "\"unset\""
        case .append: return "\"append\""
        case .prepend: return "\"prepend\""
        case .remove: return "\"remove\""
        case .add: return "\"add\""
        case .increment, .decrement: return "\"incr\""
        case .unguarded: return run.name(source)
        case .condition: return "\"if\""
        // Said bare, as in the messages about a line's version (`(expectVersion)`).
        case .expectVersion: return "expectVersion"
        // Not members of a line: named by what they are.
        case .select: return "the selection"
        case .filter, .filterJSON: return "the filter"
        case .sort: return "the sort order"
        case .pageSize: return "the page size"
        case .index: return "the index"
        case .conflictResolution: return run.name(source)
        case .next: return "\"next\""
        case .start: return "\"start\""
        case .argument: return "\"args\""
        // Not a member of a line: named as the run was given it.
        case .groupBy: return run.name(source)
        case .insertAt, .renumberField, .viaGap, .variable, .operation, .idempotent, .atomic, .journal, .resume,
            .allowIncomplete,
            .mapOwner,
            .region,
            .profile,
            .passwordFile, .mfaCode, .clientID, .authFlow, .verbose, .apiKey, .token, .identityPoolID, .config, .header,
            .apiID, .allowInsecureHTTP:
            return run.name(source)
        }
    }

    package func field(_ field: String, in source: InputSource) -> String {
        source == .key || source == .id ? "\(name(source)) field \(field)" : "\(name(source)) \(field)"
    }

    package func missing(_ field: String, in source: InputSource) -> String { "\(name(source)) is missing \(field)" }

    package func given(in source: InputSource) -> String { "in \(name(source))" }

    package func assignment(_ field: String, object: Bool, in source: InputSource) -> String {
        "\(name(source)): {\"\(field)\": \(object ? "{...}" : "VALUE")}"
    }

    package func listAssignment(_ field: String, element: String, addable: Bool, in source: InputSource) -> String {
        "give the list as a JSON array in \(name(source)): {\"\(field)\": [...]}"
    }
}
