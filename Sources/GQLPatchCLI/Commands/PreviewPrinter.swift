import GQLPatchSupport
import JSON

/// Prints a preview: one JSON document on stdout (`{"key": ..., "changes": {...}}`), and on a terminal
/// a coloured field-by-field diff on stderr (red what goes, green what comes), unless `NO_COLOR` is set.
package struct PreviewPrinter: Sendable {
    package var session: CommandSession
    package var colour: Bool

    package init(session: CommandSession, colour: Bool) {
        self.session = session
        self.colour = colour
    }

    /// Whether a preview colours its diff: stderr is a terminal and `NO_COLOR` is unset or empty.
    package static func colours(console: Console, environment: [String: String]) -> Bool {
        console.stderrIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    package func print(key: JSONObject, entry: (String, JSONValue), differences: JSONObject) throws(GQLPatchError) {
        if colour {
            for (path, change) in differences {
                let from = (change["from"] ?? .null).serialized()
                let to = (change["to"] ?? .null).serialized()
                session.console.message("\(path): \u{1B}[31m\(from)\u{1B}[0m -> \u{1B}[32m\(to)\u{1B}[0m")
            }
            if differences.isEmpty { session.console.message("no change") }
        }
        try session.printer.print(.object(JSONObject([("key", .object(key)), entry])), to: session.console)
    }
}
