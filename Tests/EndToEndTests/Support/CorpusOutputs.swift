import Foundation
import JSON
import Testing

/// One corpus folder's `amplify_outputs.json` and the auth mode it defaults to.
struct CorpusOutputs: Sendable, CustomTestStringConvertible {
    var name: String
    var file: URL
    /// gqlpatch's name of `data.default_authorization_type`.
    var authMode: String
    var testDescription: String { "\(name) (\(authMode))" }

    /// The header the mode adds.
    var header: String {
        switch authMode {
        case "api-key": return "x-api-key"
        case "iam": return "X-Amz-Date"
        default: return "Authorization"
        }
    }

    static func all() -> [CorpusOutputs] {
        let corpus = TestPaths.corpus
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: corpus.path) else { return [] }
        let modes = ["API_KEY": "api-key", "AWS_IAM": "iam", "AMAZON_COGNITO_USER_POOLS": "user-pool"]
        return names.sorted().compactMap { name in
            let file = corpus.appendingPathComponent(name).appendingPathComponent("amplify_outputs.json")
            guard let data = FileManager.default.contents(atPath: file.path),
                let outputs = try? JSONValue.parse(String(decoding: data, as: UTF8.self)),
                let type = outputs["data"]?["default_authorization_type"]?.stringValue
            else { return nil }
            return CorpusOutputs(name: name, file: file, authMode: modes[type] ?? type)
        }
    }
}
