/// The syntax of a field name as the command line and `apply` accept it.
package enum FieldName {
    /// A GraphQL name, or a dotted path of names.
    package static func isValid(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.utf8.first, !(first >= 48 && first <= 57) else { return false }
            return part.utf8.allSatisfy { byte in
                (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 95
            }
        }
    }
}
