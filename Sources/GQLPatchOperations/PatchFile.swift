import GQLPatchSupport
import JSON

/// Reads a patch file (`-`: standard input): a JSON object of changes (null = unset).
package enum PatchFile {
    package static func read(
        _ path: String, readFile: @Sendable (String) throws(GQLPatchError) -> [UInt8], wording: any InputWording
    ) throws(GQLPatchError) -> JSONObject {
        let bytes = try readFile(path)
        let name = path == "-" ? "<stdin>" : path
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw .invalidInput(
                "\(name):\(error.line):\(error.column): error: \(wording.name(.patch)): \(error.message)")
        }
        guard let object = value.objectValue else {
            throw .invalidInput(
                "\(name): error: \(wording.name(.patch)) expects a JSON object of field changes, got \(kind(of: value))"
            )
        }
        return object
    }

    package static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
