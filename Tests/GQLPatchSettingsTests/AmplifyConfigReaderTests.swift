import Foundation
import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import GQLPatchTestSupport
import JSON
import Testing

@Suite struct AmplifyConfigReaderTests {
    /// The real config samples live in the shared test data (no licence: read, never copied).
    static let fixtures = Fixture.sharedAmplify.appendingPathComponent("config")

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func gen2AmplifyOutputs() throws {
        let path = Self.fixtures.appendingPathComponent("AnilMaktala-amplify-gen2-2647__amplify_outputs.json").path
        let config = try AmplifyConfigReader.read(path: path, files: .local, origin: .named)
        #expect(config.generation == .gen2)
        #expect(config.file == path)
        #expect(config.endpoint == "https://laijg4mvtfaljbrfvch6emwgym.appsync-api.us-west-2.amazonaws.com/graphql")
        #expect(config.region == "us-west-2")
        #expect(config.apiKey == "da2-REDACTEDREDACTEDREDACTED")
        #expect(config.defaultAuthMode == .iam)
        #expect(config.additionalAuthModes == [.apiKey, .userPool])
        #expect(config.modelIntrospection?["models"]?["UserProfile"] != nil)
        #expect(config.notes.isEmpty)
    }

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func gen1AmplifyConfiguration() throws {
        let path = Self.fixtures.appendingPathComponent("softment-myMink-iOS__amplifyconfiguration.json").path
        let config = try AmplifyConfigReader.read(path: path, files: .local, origin: .named)
        #expect(config.generation == .gen1)
        #expect(config.endpoint == "https://zpqdotb6mra2jax4vo67fxpxo4.appsync-api.us-east-1.amazonaws.com/graphql")
        #expect(config.region == "us-east-1")
        #expect(config.defaultAuthMode == .apiKey)
        #expect(config.apiKey == "da2-REDACTEDREDACTEDREDACTED")
        #expect(config.additionalAuthModes.isEmpty)
        #expect(config.modelIntrospection == nil)
    }

    @Test func gen1WithSeveralApisTakesTheFirstGraphQLOneAndSaysSo() throws {
        let json = """
            {"api": {"plugins": {"awsAPIPlugin": {
              "rest": {"endpointType": "REST", "endpoint": "https://r.example.com", "region": "eu-west-1", "authorizationType": "AWS_IAM"},
              "first": {"endpointType": "GraphQL", "endpoint": "https://a.example.com/graphql", "region": "eu-west-1", "authorizationType": "AWS_LAMBDA"},
              "second": {"endpointType": "GraphQL", "endpoint": "https://b.example.com/graphql", "region": "eu-west-1", "authorizationType": "API_KEY", "apiKey": "k"}
            }}}}
            """
        let config = try AmplifyConfigReader.read(bytes: Array(json.utf8), file: "amplifyconfiguration.json")
        #expect(config.endpoint == "https://a.example.com/graphql")
        #expect(config.defaultAuthMode == .lambda)
        #expect(config.apiKey == nil)
        #expect(
            config.notes == [
                "amplifyconfiguration.json: 2 GraphQL APIs in api.plugins.awsAPIPlugin (\"first\", \"second\"); using \"first\""
            ])
    }

    @Test(arguments: [
        (#"{"data": {"aws_region": "r", "default_authorization_type": "API_KEY"}}"#, "o.json: data.url is missing"),
        (
            #"{"data": {"url": 5, "aws_region": "r", "default_authorization_type": "API_KEY"}}"#,
            "o.json: data.url must be a string"
        ),
        (
            #"{"data": {"url": "u", "aws_region": ["r"], "default_authorization_type": "API_KEY"}}"#,
            "o.json: data.aws_region must be a string"
        ),
        (
            #"{"data": {"url": "u", "aws_region": "r", "default_authorization_type": "KEY"}}"#,
            "o.json: data.default_authorization_type: unknown authorization type \"KEY\""
        ),
        (
            #"{"data": {"url": "u", "aws_region": "r", "default_authorization_type": "API_KEY", "authorization_types": "AWS_IAM"}}"#,
            "o.json: data.authorization_types must be an array"
        ),
        (
            #"{"data": {"url": "u", "aws_region": "r", "default_authorization_type": "API_KEY", "authorization_types": [1]}}"#,
            "o.json: data.authorization_types[0] must be a string"
        ),
        (
            #"{"data": {"url": "u", "aws_region": "r", "default_authorization_type": "API_KEY", "api_key": 1}}"#,
            "o.json: data.api_key must be a string"
        ),
        (
            #"{"data": {"url": "u", "aws_region": "r", "default_authorization_type": "API_KEY", "model_introspection": []}}"#,
            "o.json: data.model_introspection must be an object"
        ),
        (#"{"data": []}"#, "o.json: data must be an object"),
        (#"{"api": {"plugins": {}}}"#, "o.json: api.plugins.awsAPIPlugin must be an object"),
        (
            #"{"api": {"plugins": {"awsAPIPlugin": {"x": {"endpointType": "REST"}}}}}"#,
            "o.json: api.plugins.awsAPIPlugin has no GraphQL API"
        ),
        (
            #"{"api": {"plugins": {"awsAPIPlugin": {"x": {"endpoint": "e", "authorizationType": "API_KEY"}}}}}"#,
            "o.json: api.plugins.awsAPIPlugin.x.region is missing"
        ),
        (
            #"{"auth": {}}"#,
            "o.json: no GraphQL API: expected \"data\" (amplify_outputs.json) or \"api.plugins.awsAPIPlugin\" (amplifyconfiguration.json)"
        ),
        ("[1]", "o.json: the top level must be an object"),
        ("{\n  \"data\": }", "o.json:2:11: error: unexpected character \"}\""),
    ])
    func configurationErrors(json: String, message: String) {
        do {
            _ = try AmplifyConfigReader.read(bytes: Array(json.utf8), file: "o.json")
            Issue.record("expected an error for \(json)")
        } catch {
            #expect(error.message == message)
            #expect(error.code == .configuration)
        }
    }

    /// `--config` that cannot be read is 66; a config gqlpatch found is 78; the wording is the same.
    @Test(arguments: [(FileSystem.Origin.named, Int32(66)), (.found, 78)])
    func unreadableConfigFile(origin: FileSystem.Origin, code: Int32) throws {
        let error = try #require(throws: GQLPatchError.self) {
            try AmplifyConfigReader.read(path: "/nonexistent/amplify_outputs.json", files: .local, origin: origin)
        }
        #expect(error.message == "cannot read /nonexistent/amplify_outputs.json: no such file")
        #expect(error.code.rawValue == code)
    }

    /// Whatever is under the name is found, a folder too (reading it then says what is wrong), and
    /// discovery asks the run's file system, not the disk.
    @Test func discoverGoesThroughTheFileSystem() {
        #expect(AmplifyConfigReader.discover(in: "/app", files: .memory([:])) == nil)
        #expect(
            AmplifyConfigReader.discover(in: "/app", files: .memory(["/app/amplifyconfiguration.json": []]))
                == "/app/amplifyconfiguration.json")
        let folder = FileSystem.memory(["/app/amplify_outputs.json/x": [], "/app/amplifyconfiguration.json": []])
        #expect(AmplifyConfigReader.discover(in: "/app", files: folder) == "/app/amplify_outputs.json")
    }

    @Test func discoverPrefersAmplifyOutputs() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(AmplifyConfigReader.discover(in: directory.path, files: .local) == nil)
        let gen1 = directory.appendingPathComponent("amplifyconfiguration.json")
        try Data("{}".utf8).write(to: gen1)
        #expect(AmplifyConfigReader.discover(in: directory.path, files: .local) == gen1.path)
        let gen2 = directory.appendingPathComponent("amplify_outputs.json")
        try Data("{}".utf8).write(to: gen2)
        #expect(AmplifyConfigReader.discover(in: directory.path, files: .local) == gen2.path)
    }
}
