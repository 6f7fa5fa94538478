import Foundation

/// Locates test data: the project's own `Tests/Fixtures/` and the shared test data next to the repository.
enum Fixture {
    /// `Tests/Fixtures/`, found from this file's path.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The repository root.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bytes of `Tests/Fixtures/<path>`.
    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(path)))
    }

    /// The shared test data folder (`../shared/testdata` relative to the repository root, or
    /// `/work/shared/testdata`), if present.
    static let sharedTestData: URL? = {
        let candidates = [
            repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/testdata"),
            URL(fileURLWithPath: "/work/shared/testdata"),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    /// Every `.graphql` file below `shared/testdata/amplify`, as paths relative to that folder, sorted.
    static let amplifySchemas: [String] = {
        guard let root = sharedTestData?.appendingPathComponent("amplify"),
            let enumerator = FileManager.default.enumerator(atPath: root.path)
        else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".graphql") }.sorted()
    }()
}
