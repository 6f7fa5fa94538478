import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension CommandSession {
    /// One JSON Lines record: compact, one line, whatever `--pretty` says. Exit 74 when stdout
    /// cannot be written, so a listing stops at once instead of reading on.
    package func printLine(_ value: JSONValue) throws(GQLPatchError) {
        try console.write(JSONPrinter.line(value))
    }

    /// One JSON document with the `--pretty`/`--compact` layout.
    package func printDocument(_ value: JSONValue) throws(GQLPatchError) {
        try JSONPrinter(pretty: settings.pretty, console: console).print(value, to: console)
    }
}
