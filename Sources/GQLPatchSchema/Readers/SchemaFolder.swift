import GQLPatchSupport

/// An Amplify `schema/` folder (`amplify/backend/api/<name>/schema/`) read as the Amplify CLI reads it
/// (`readSchema` in amplify-category-api's `graphql-transformer-core`): every regular file whose name
/// does not start with `.`, in `fs.readdir` order (sorted by name), subfolders read where they sort,
/// symbolic links skipped (`lstat`), the texts joined with a newline. The reader keeps where each file
/// starts, so a problem found in the joined text is reported at its own file's line.
package struct SchemaFolder: Sendable {
    /// One file of the folder and the line of the joined text its first line is.
    package struct Part: Sendable, Equatable {
        package var path: String
        package var firstLine: Int
    }

    /// How many files and folders a schema folder may hold in all, subfolders included (README "Limits").
    package static let maxEntries = FileSystem.maxFolderEntries

    /// The folder's path as given (without trailing slashes): the joined text's file name.
    package var path: String
    package private(set) var parts: [Part] = []
    package private(set) var bytes: [UInt8] = []

    /// Reads the folder at `path`: each file within `InputLimit.schemaFile`, all of them together too.
    package init(path: String, files: FileSystem, origin: FileSystem.Origin) throws(GQLPatchError) {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.path = trimmed
        var seen = 0
        var line = 1
        try read(trimmed, files: files, origin: origin, seen: &seen, line: &line)
        guard !parts.isEmpty else {
            throw GQLPatchError(
                origin == .found ? .configuration : .unreadableFile,
                "cannot read \(trimmed): the schema folder holds no files")
        }
    }

    private mutating func read(
        _ folder: String, files: FileSystem, origin: FileSystem.Origin, seen: inout Int, line: inout Int
    ) throws(GQLPatchError) {
        for entry in try files.list(directory: folder, origin: origin) where !entry.name.hasPrefix(".") {
            seen += 1
            guard seen <= Self.maxEntries else { throw FileSystem.tooManyEntries(path, limit: Self.maxEntries) }
            let child = FilePathText.join(folder, entry.name)
            switch entry.kind {
            case .directory:
                try read(child, files: files, origin: origin, seen: &seen, line: &line)
            case .regularFile:
                let text = try files.read(child, limit: .schemaFile, origin: origin)
                if !parts.isEmpty { bytes.append(0x0A) }
                guard bytes.count + text.count <= InputLimit.schemaFile.maxBytes else {
                    throw InputLimit.schemaFile.tooLarge(path)
                }
                parts.append(Part(path: child, firstLine: line))
                bytes += text
                line += text.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + 1
            case .other:
                continue
            }
        }
    }

    /// The file and its own line for a line of the joined text.
    package func place(ofLine line: Int) -> (path: String, line: Int) {
        let part = parts.last { $0.firstLine <= line } ?? parts[0]
        return (part.path, line - part.firstLine + 1)
    }

    /// `error` with every place in the joined text (`FOLDER:LINE:COLUMN`, and the `at LINE:COLUMN` of
    /// "first defined at") named by its own file and line; other errors unchanged.
    package func relocating(_ error: GQLPatchError) -> GQLPatchError {
        var relocated = error
        relocated.message = relocate(error.message)
        return relocated
    }

    private func relocate(_ message: String) -> String {
        let text = Array(message.utf8)
        let prefixes = [Array((path + ":").utf8), Array("at ".utf8)]
        var out: [UInt8] = []
        var i = 0
        func number(_ at: inout Int) -> Int? {
            var value = 0
            let start = at
            while at < text.count, at - start < 9, (0x30...0x39).contains(text[at]) {
                value = value * 10 + Int(text[at] - 0x30)
                at += 1
            }
            return at > start ? value : nil
        }
        scan: while i < text.count {
            for (which, prefix) in prefixes.enumerated() where text[i...].starts(with: prefix) {
                var cursor = i + prefix.count
                if let line = number(&cursor), cursor < text.count, text[cursor] == UInt8(ascii: ":") {
                    cursor += 1
                    if let column = number(&cursor) {
                        let place = place(ofLine: line)
                        out += Array(((which == 1 ? "at " : "") + "\(place.path):\(place.line):\(column)").utf8)
                        i = cursor
                        continue scan
                    }
                }
            }
            out.append(text[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
