import Foundation
import GQLPatchClient
import GQLPatchSupport
import GQLPatchTestSupport
import Testing

@testable import GQLPatchSettings

/// An API named by its id: what it stands for joins a run's input at the API id's own place in the
/// precedence; its cache keeps the description and the schema per region, id and control plane.
@Suite struct APIByIDTests {
    static func resolution() -> APIResolution {
        var api = GraphQLAPIDescription(id: "abc", authenticationType: "AWS_IAM")
        api.graphQL = "https://abc.appsync-api.eu-west-1.amazonaws.com/graphql"
        api.userPoolID = "eu-west-1_P"
        return APIResolution(
            description: api, schema: Array("type Query { a: Int }".utf8), region: "eu-west-1", fromCache: false,
            cachePath: nil)
    }

    @Test func givenOnTheCommandLineItStandsAboveTheVariables() {
        var api = Self.resolution()
        var input = SettingsInput()
        input.schemaPath = nil
        api.fill(
            &input, environment: ["GQLPATCH_ENDPOINT": "https://other/graphql", "GQLPATCH_AUTH": "api-key"],
            underVariables: false)
        #expect(input.endpoint == "https://abc.appsync-api.eu-west-1.amazonaws.com/graphql")
        #expect(input.auth == .iam)
        #expect(input.userPoolID == "eu-west-1_P")
        #expect(api.suppliesSchema)
    }

    @Test func underTheVariablesEachVariableWins() {
        var api = Self.resolution()
        var input = SettingsInput()
        api.fill(
            &input, environment: ["GQLPATCH_ENDPOINT": "https://other/graphql", "GQLPATCH_SCHEMA": "s.graphql"],
            underVariables: true)
        #expect(input.endpoint == nil, "GQLPATCH_ENDPOINT is read after")
        #expect(input.auth == .iam)
        #expect(!api.suppliesSchema)
    }

    @Test func aFlagWinsOverWhatTheAPIStandsFor() {
        var api = Self.resolution()
        var input = SettingsInput()
        input.endpoint = "https://flag/graphql"
        input.auth = .apiKey
        input.schemaPath = "mine.graphql"
        api.fill(&input, environment: [:], underVariables: false)
        #expect(input.endpoint == "https://flag/graphql")
        #expect(input.auth == .apiKey)
        #expect(!api.suppliesSchema)
    }

    @Test func idsAreNamesThatFitAPathAndAFile() {
        #expect(APIByID.isValidID("abcdefghijklmnopqrstuvwxyz"))
        #expect(APIByID.isValidID("33c9ca76-0490-49e0-af2c-7454474615c2"))
        for bad in ["", "a/b", "../x", "a b", "a.b", String(repeating: "a", count: 65)] {
            #expect(!APIByID.isValidID(bad), "\(bad)")
        }
    }

    @Test func theRegionIsTheFlagThenTheVariablesThenTheProfile() throws {
        var input = SettingsInput()
        let wording = SourceNameWording()
        #expect(
            try APIByID.region(
                input, environment: ["AWS_REGION": "eu-west-2"], profileRegion: "us-west-1", wording: wording)
                == "eu-west-2")
        #expect(
            try APIByID.region(input, environment: [:], profileRegion: "us-west-1", wording: wording) == "us-west-1")
        input.region = "ap-south-1"
        #expect(
            try APIByID.region(input, environment: ["AWS_REGION": "eu-west-2"], profileRegion: nil, wording: wording)
                == "ap-south-1")
        input.region = nil
        #expect(throws: GQLPatchError.self) {
            try APIByID.region(input, environment: [:], profileRegion: nil, wording: wording)
        }
        input.region = "not a region"
        #expect(throws: GQLPatchError.self) {
            try APIByID.region(input, environment: [:], profileRegion: nil, wording: wording)
        }
    }

    @Test func theCacheKeepsItForItsControlPlaneOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("api-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = folder.appendingPathComponent("gqlpatch/apis").path
        let warnings = LockedValue<[String]>([])
        let warn = { @Sendable (text: String) in warnings.withValue { $0.append(text) } }
        let cache = APICache(
            directory: directory, id: "abc", region: "eu-west-1",
            controlPlane: "https://appsync.eu-west-1.amazonaws.com",
            warn: warn)
        #expect(try cache.load() == nil)
        let api = Self.resolution()
        try cache.save(api.description, schema: api.schema)
        let mode = try FileManager.default.attributesOfItem(atPath: cache.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let loaded = try #require(try cache.load())
        #expect(loaded.0 == api.description && loaded.1 == api.schema)
        let elsewhere = APICache(
            directory: directory, id: "abc", region: "eu-west-1", controlPlane: "http://127.0.0.1:9", warn: warn)
        #expect(try elsewhere.load() == nil)
        #expect(warnings.current.last?.contains("for another API or control plane") == true)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: cache.path))
        #expect(try cache.load() == nil)
        #expect(warnings.current.last?.contains("damaged") == true)
    }
}
