import Foundation

/// Reads test data from `Tests/Fixtures/`, found relative to this source file.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(path)))
    }

    static func text(_ path: String) throws -> String {
        String(decoding: try bytes(path), as: UTF8.self)
    }

    static func json(_ path: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url(path)))
        guard let dictionary = object as? [String: Any] else {
            throw FixtureError(message: "\(path): top level is not an object")
        }
        return dictionary
    }

    /// Paths (relative to `folder`) of the directories below `folder` that hold a file named
    /// `marker`, or a file ending in `markerSuffix`.
    static func caseFolders(under folder: String, holding marker: (String) -> Bool) throws -> [String] {
        let base = url(folder).standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: Set<String> = []
        for case let relative as String in walker where marker((relative as NSString).lastPathComponent) {
            found.insert((relative as NSString).deletingLastPathComponent)
        }
        return found.sorted()
    }

    /// An integer stored in JSON either as a number or as a decimal string.
    static func int(_ value: Any?) -> Int? {
        if let number = value as? Int { return number }
        if let text = value as? String { return Int(text) }
        return nil
    }

    /// Decodes lower-case or upper-case hex.
    static func hex(_ text: String) throws -> [UInt8] {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { throw FixtureError(message: "odd-length hex: \(text)") }
        var out: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else {
                throw FixtureError(message: "bad hex: \(text)")
            }
            out.append(byte)
        }
        return out
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
