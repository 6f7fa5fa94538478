/// File paths as plain text: joining and taking the folder, without Foundation's URL machinery
/// (which costs a noticeable share of a short run's start).
package enum FilePathText {
    /// `directory/name` (no doubled slash).
    package static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The folder a file is in: `a/b` for `a/b/c.graphql`, `.` for `c.graphql`, `/` for `/c.graphql`.
    package static func directory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// The last part of a path: `c.graphql` for `a/b/c.graphql`, `b` for `a/b/`.
    package static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}
