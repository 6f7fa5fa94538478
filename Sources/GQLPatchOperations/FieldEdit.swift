import GraphQLSDL
import JSON

/// A change worked out from the record's current value: a sub-field of an object, a list edit, a
/// counter or a merge patch. The resolver replaces an object or list field whole, so an edit is sent
/// as the new value of its top-level field, computed from the record as read (`FieldEditor`) and
/// written under a guard that fails if the record changed since (`WriteGuard`, or the version).
public struct FieldEdit: Sendable, Equatable {
    public enum Operation: Sendable, Equatable {
        /// Set the sub-field at `path` (two or more names) to a value typed by its input field.
        case set(JSONValue)
        /// Remove the sub-field at `path` (two or more names).
        case unset
        /// RFC 7396 JSON Merge Patch into the object at `path`: members merge recursively, `null`
        /// removes one, anything else replaces.
        case merge(JSONObject)
        /// Add the items at the end, in order.
        case append([JSONValue])
        /// Add the items at the start, in order.
        case prepend([JSONValue])
        /// Drop every element equal to one of the items (none is not an error).
        case remove([JSONValue])
        /// Append each item unless an equal one is there (set semantics).
        case add([JSONValue])
        /// Add the number (`.int` for `Int` fields, `.double` for `Float`; negative to decrease). An absent
        /// value counts as 0.
        case increment(JSONValue)
    }

    /// The field's path from the record: the top-level field first.
    public var path: [String]
    public var operation: Operation
    /// The update input's type of the top-level field (`FileInput`, `[String]`, `Int`).
    public var fieldType: TypeReference

    public init(path: [String], operation: Operation, fieldType: TypeReference) {
        self.path = path
        self.operation = operation
        self.fieldType = fieldType
    }

    /// The top-level field the edit rewrites.
    public var field: String { path[0] }

    /// The dotted path, for messages (`imageFile.key`).
    public var shownPath: String { path.joined(separator: ".") }

    /// Whether the edit is a counter (guarded by the old value itself where the condition input can say it).
    public var isCounter: Bool {
        if case .increment = operation { return true }
        return false
    }
}
