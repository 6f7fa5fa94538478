import GQLPatchSchema

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The completion cache's file: what `CompletionCandidates` needs from one schema source, in lines a
/// Tab can use without reading the rest (one model's line is found with a byte search):
///
///     gqlpatch-completion-cache TAB FORMAT TAB VERSION TAB LENGTH     (LENGTH: the file's bytes, 12 digits)
///     S TAB SELECTOR                                                  (what chose the schema; see CompletionCache)
///     D TAB PATH TAB - | DEVICE TAB INODE TAB SIZE TAB MTIME TAB MTIME_NS TAB CTIME TAB CTIME_NS
///     N TAB MODEL TAB MODEL ...                                        (every model, in schema order)
///     O TAB OPERATION TAB OPERATION ...                                (every custom operation, in schema order)
///     M TAB MODEL TAB KEY,KEY TAB FIELD:KIND:READONLY:ENUM TAB ...     (one line a model)
///     A TAB OPERATION TAB ARGUMENT:ENUM:JSON TAB ...                   (one line an operation)
///     E TAB ENUM TAB VALUE TAB ...                                     (one line an enum)
///     .
///
/// `PATH` and `SELECTOR` have `%`, tab, CR and LF written as `%XX`; names are GraphQL names, which
/// hold none of the separators (a catalogue whose names do is not cached). The file is trusted only
/// when its format, gqlpatch version, length, end line, selector and every `D` stamp match.
package struct CompletionCacheFile: CompletionSource {
    package static let magic = "gqlpatch-completion-cache"
    /// Bumped whenever the lines change meaning.
    package static let formatVersion = 2
    /// A cache file larger than this is not read (and is replaced).
    package static let maxBytes = 64 << 20

    private let bytes: [UInt8]
    /// Where the `N` line starts.
    private let namesStart: Int
    /// Where the `O` line starts.
    private let operationsStart: Int

    // MARK: writing

    /// The file for `source`; nil when a name holds a separator (it cannot be written faithfully).
    package static func encode(
        _ source: CatalogueCompletionSource, selector: String, dependencies: [CompletionDependency],
        version: String
    ) -> [UInt8]? {
        let catalogue = source.catalogue
        var body = "S\t" + escape(selector) + "\n"
        for dependency in dependencies {
            body += "D\t" + escape(dependency.path) + "\t" + dependency.stamp.text + "\n"
        }
        guard catalogue.modelNames.allSatisfy(isPlainName) else { return nil }
        body += (["N"] + catalogue.modelNames).joined(separator: "\t") + "\n"
        let operations = source.operations
        guard operations.allSatisfy({ isPlainName($0.name) }) else { return nil }
        body += (["O"] + operations.map(\.name)).joined(separator: "\t") + "\n"
        var enumNames: Set<String> = []
        for name in catalogue.modelNames {
            guard let model = source.completionModel(named: name), model.primaryKey.allSatisfy(isPlainName) else {
                return nil
            }
            var line = "M\t" + name + "\t" + model.primaryKey.joined(separator: ",")
            for field in model.fields {
                guard isPlainName(field.name), field.enumType.map(isPlainName) ?? true else { return nil }
                line +=
                    "\t" + field.name + ":" + field.kind.rawValue + ":" + (field.isReadOnly ? "1" : "0") + ":"
                    + (field.enumType ?? "")
                if let type = field.enumType { enumNames.insert(type) }
            }
            body += line + "\n"
        }
        for operation in operations {
            var line = "A\t" + operation.name
            for argument in operation.arguments {
                guard isPlainName(argument.name), argument.enumType.map(isPlainName) ?? true else { return nil }
                line += "\t" + argument.name + ":" + (argument.enumType ?? "") + ":" + (argument.json ? "1" : "0")
                if let type = argument.enumType { enumNames.insert(type) }
            }
            body += line + "\n"
        }
        for name in enumNames.sorted() {
            guard let values = catalogue.enums[name] else { continue }
            guard isPlainName(name), values.allSatisfy(isPlainName) else { return nil }
            body += (["E", name] + values).joined(separator: "\t") + "\n"
        }
        body += ".\n"
        let headerLength = magic.utf8.count + 1 + String(formatVersion).utf8.count + 1 + version.utf8.count + 1 + 12 + 1
        let total = headerLength + body.utf8.count
        let digits = String(total)
        guard digits.count <= 12, !version.contains(where: { $0 == "\t" || $0 == "\n" }) else { return nil }
        let header =
            magic + "\t" + String(formatVersion) + "\t" + version + "\t"
            + String(repeating: "0", count: 12 - digits.count) + digits + "\n"
        return Array((header + body).utf8)
    }

    /// A name the format can hold as it is: not empty, and no separator (tab, newline, `,`, `:`, `%`).
    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.utf8.contains { [0x09, 0x0A, 0x0D, 0x2C, 0x3A, 0x25].contains($0) }
    }

    package static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\t": out += "%09"
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    package static func unescape(_ text: Substring) -> String? {
        var out: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                out.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            out.append(value)
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: reading

    /// Checks `bytes` as the cache for `selector`: nil unless the header, the length, the end line and
    /// the selector match and every dependency's stamp (`stamp(path)`, normally `FileStamp.current`) is
    /// still the one recorded.
    package init?(
        bytes: [UInt8], selector: String, version: String, stamp: (String) -> FileStamp? = FileStamp.current
    ) {
        guard bytes.count <= Self.maxBytes, bytes.suffix(3).elementsEqual([0x0A, 0x2E, 0x0A]) else { return nil }
        var cursor = 0
        func nextLine() -> ArraySlice<UInt8>? {
            guard cursor < bytes.count, let end = bytes[cursor...].firstIndex(of: 0x0A) else { return nil }
            defer { cursor = end + 1 }
            return bytes[cursor..<end]
        }
        let expectedHeader = Self.magic + "\t" + String(Self.formatVersion) + "\t" + version + "\t"
        guard let header = nextLine(), header.count == expectedHeader.utf8.count + 12,
            header.starts(with: expectedHeader.utf8),
            let length = Int(String(decoding: header.suffix(12), as: UTF8.self)), length == bytes.count
        else { return nil }
        guard let selectorLine = nextLine(), selectorLine.elementsEqual(("S\t" + Self.escape(selector)).utf8) else {
            return nil
        }
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: "D") {
            guard let line = nextLine() else { return nil }
            let fields = String(decoding: line, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, fields[0] == "D", let path = Self.unescape(fields[1]),
                let recorded = FileStamp(text: Array(fields[2...])), stamp(path) == recorded
            else { return nil }
        }
        guard cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "N"),
            bytes[cursor + 1] == 0x0A || bytes[cursor + 1] == 0x09
        else { return nil }
        let names = cursor
        _ = nextLine()
        guard cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "O"),
            bytes[cursor + 1] == 0x0A || bytes[cursor + 1] == 0x09
        else { return nil }
        self.bytes = bytes
        self.namesStart = names
        self.operationsStart = cursor
    }

    package var modelNames: [String] {
        fields(ofLineAt: namesStart).dropFirst().map(String.init)
    }

    package func completionModel(named name: String) -> CompletionModel? {
        guard Self.isPlainName(name), let start = line(kind: "M", name: name) else { return nil }
        let parts = fields(ofLineAt: start)
        guard parts.count >= 3 else { return nil }
        var fields: [CompletionField] = []
        for part in parts.dropFirst(3) {
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            guard pieces.count == 4, !pieces[0].isEmpty, let kind = ModelField.Kind(rawValue: String(pieces[1])),
                pieces[2] == "0" || pieces[2] == "1", pieces[3].isEmpty != (kind == .enumeration)
            else { return nil }
            fields.append(
                CompletionField(
                    name: String(pieces[0]), kind: kind, isReadOnly: pieces[2] == "1",
                    enumType: pieces[3].isEmpty ? nil : String(pieces[3])))
        }
        let key =
            parts[2].isEmpty ? [] : parts[2].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return CompletionModel(primaryKey: key, fields: fields)
    }

    package var operationNames: [String] {
        fields(ofLineAt: operationsStart).dropFirst().map(String.init)
    }

    package func completionOperation(named name: String) -> CompletionOperation? {
        guard Self.isPlainName(name), let start = line(kind: "A", name: name) else { return nil }
        var arguments: [CompletionOperation.Argument] = []
        for part in fields(ofLineAt: start).dropFirst(2) {
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            guard pieces.count == 3, !pieces[0].isEmpty, pieces[2] == "0" || pieces[2] == "1" else { return nil }
            arguments.append(
                CompletionOperation.Argument(
                    name: String(pieces[0]), enumType: pieces[1].isEmpty ? nil : String(pieces[1]),
                    json: pieces[2] == "1"))
        }
        return CompletionOperation(name: name, arguments: arguments)
    }

    package func enumValues(of type: String) -> [String]? {
        guard Self.isPlainName(type), let start = line(kind: "E", name: type) else { return nil }
        return fields(ofLineAt: start).dropFirst(2).map(String.init)
    }

    /// The start of the line `KIND TAB NAME` (followed by a tab or the line's end) after the names.
    private func line(kind: Character, name: String) -> Int? {
        let needle = Array(("\n" + String(kind) + "\t" + name).utf8)
        var from = namesStart
        while let found = Self.search(needle, in: bytes, from: from) {
            let after = found + needle.count
            if after < bytes.count, bytes[after] == 0x09 || bytes[after] == 0x0A { return found + 1 }
            from = found + 1
        }
        return nil
    }

    /// The tab-separated fields of the line starting at `start`.
    private func fields(ofLineAt start: Int) -> [Substring] {
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        return String(decoding: bytes[start..<end], as: UTF8.self).split(
            separator: "\t", omittingEmptySubsequences: false)
    }

    /// The first index at or after `from` where `needle` (which starts with a newline) starts: line
    /// starts found with `memchr`, so a Tab does not walk a megabyte byte by byte in Swift.
    private static func search(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                guard let base = hay.baseAddress, let first = pin.first else { return nil }
                var at = from
                while at + pin.count <= hay.count {
                    guard let found = memchr(base + at, Int32(first), hay.count - at) else { return nil }
                    let index = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
                    if index + pin.count <= hay.count, memcmp(base + index, pin.baseAddress!, pin.count) == 0 {
                        return index
                    }
                    at = index + 1
                }
                return nil
            }
        }
    }
}
