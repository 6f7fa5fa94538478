import Foundation
import GQLPatchSchema
import GQLPatchSupport
import GQLPatchTestSupport
import JSON

/// One folder of `../shared/testdata/amplify/corpus`: a real project's source schema beside the schema
/// the real transformer compiled from it, with its `transform.conf.json`, `cli.json` and
/// `amplify_outputs.json` where the project had them. Read at test time (no licence: never copied here).
struct CorpusPair: Sendable, CustomStringConvertible {
    /// The folder's name: `owner__repository__api`.
    var name: String
    var folder: URL
    var description: String { name }

    static var corpus: URL { Fixture.sharedAmplify.appendingPathComponent("corpus") }

    /// Every pair, by name; empty when the corpus is absent.
    static func all() -> [CorpusPair] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: corpus.path) else { return [] }
        return names.sorted().compactMap { name in
            let folder = corpus.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("source.graphql").path)
            else { return nil }
            return CorpusPair(name: name, folder: folder)
        }
    }

    /// The API's name in its project (the folder name's last part).
    var apiName: String { name.components(separatedBy: "__").last ?? name }

    func file(_ name: String) -> URL? {
        let url = folder.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The pair laid out as in an Amplify project in a fresh folder: `amplify/backend/api/<name>/schema.graphql`
    /// with `transform.conf.json` beside it and `amplify/cli.json`. Returns the folder and the schema's path.
    func project() throws -> (folder: URL, schema: String) {
        let root = try Fixture.temporaryDirectory()
        let api = root.appendingPathComponent("amplify/backend/api/\(apiName)")
        try FileManager.default.createDirectory(at: api, withIntermediateDirectories: true)
        let schema = api.appendingPathComponent("schema.graphql")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("source.graphql"), to: schema)
        if let conf = file("transform.conf.json") {
            try FileManager.default.copyItem(at: conf, to: api.appendingPathComponent("transform.conf.json"))
        }
        if let cli = file("cli.json") {
            try FileManager.default.copyItem(at: cli, to: root.appendingPathComponent("amplify/cli.json"))
        }
        return (root, schema.path)
    }

    /// The compiled schema as SDL: `compiled.graphql`, or `compiled.introspection.json` printed as SDL by
    /// `IntrospectionSDLPrinter` (what `gqlpatch schema pull` writes): the catalogue loader reads SDL and
    /// model introspection, not a GraphQL introspection result.
    func compiledSDL() throws -> String {
        if let sdl = file("compiled.graphql") { return try String(contentsOf: sdl, encoding: .utf8) }
        guard let json = file("compiled.introspection.json") else { throw CorpusError("\(name): no compiled schema") }
        let value = try JSONValue.parse(try String(contentsOf: json, encoding: .utf8))
        guard let schema = value["data"]?["__schema"] ?? value["__schema"] else {
            throw CorpusError("\(name): compiled.introspection.json has no __schema")
        }
        do {
            return try IntrospectionSDLPrinter.print(schema)
        } catch {
            throw CorpusError("\(name): \(error.message)")
        }
    }
}
