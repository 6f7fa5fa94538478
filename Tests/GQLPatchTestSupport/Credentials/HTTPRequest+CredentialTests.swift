import Foundation
import GQLPatchClient
import GQLPatchSupport
import HTTP

extension HTTPRequest {
    /// The value of the first header named `name` (any case).
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body as text.
    package var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The form body as pairs, percent-decoded.
    package var formFields: [String: String] {
        var fields: [String: String] = [:]
        for pair in bodyText.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? String(parts[1]) : ""
            fields[String(parts[0])] = value.removingPercentEncoding ?? value
        }
        return fields
    }
}
