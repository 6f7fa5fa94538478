import Foundation
import Testing

/// Paths of the test fixtures, found from this file's location.
package enum Fixture {
    /// The repository root (three levels above this file).
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The real Amplify samples of the shared test data, `../shared/testdata/amplify` beside the
    /// repository. They carry no licence, so they are read from there and never copied into the project.
    package static let sharedAmplify = root.deletingLastPathComponent().appendingPathComponent(
        "shared/testdata/amplify")

    /// Whether the shared samples are there; tests that need them are skipped with `sharedMissing` otherwise.
    package static let sharedAvailable = FileManager.default.fileExists(atPath: sharedAmplify.path)
    package static let sharedMissing: Comment =
        "skipped: ../shared/testdata/amplify (the real Amplify samples) is not beside the repository"

    /// `../shared/testdata/amplify/<relative>`.
    package static func amplify(_ relative: String) -> String {
        sharedAmplify.appendingPathComponent(relative).path
    }

    /// `Tests/Fixtures/schemas/<relative>`.
    package static func schema(_ relative: String) -> String {
        root.appendingPathComponent("Tests/Fixtures/schemas").appendingPathComponent(relative).path
    }

    /// The repository's own `schema.graphql`.
    package static var repositorySchema: String { root.appendingPathComponent("schema.graphql").path }

    package static let dpilchCompiled = amplify(
        "compiled-schema/dpilch-references-examples__withSortKey__schema.graphql")
    package static let softmentCompiled = amplify("compiled-schema/softment-myMink-iOS__build-schema.graphql")
    package static let lifestyleCompiled = amplify(
        "compiled-schema/patrickchap-LifestyleApp__build-schema.v1-transformer.graphql")
    package static let dpilchSource = amplify(
        "source-schema/dpilch-references-examples__withSortKey__model-schema.graphql")
    package static let softmentSource = amplify("source-schema/softment-myMink-iOS__schema.graphql")
    package static let softmentTransformConfig = amplify("source-schema/softment-myMink-iOS__transform.conf.json")
    package static let dpilchIntrospection = amplify(
        "config/dpilch-references-examples__withSortKey__model-introspection.json")
    package static let gen2Outputs = amplify("config/AnilMaktala-amplify-gen2-2647__amplify_outputs.json")
    package static let gen1Configuration = amplify("config/softment-myMink-iOS__amplifyconfiguration.json")

    /// A fresh temporary directory for one test (removed when the test process exits).
    package static func temporaryDirectory() throws -> URL {
        try ScratchFolders.make(prefix: "gqlpatch-tests")
    }

    /// Writes `text` to `name` in `directory` and returns the path.
    @discardableResult
    package static func write(_ text: String, to name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
