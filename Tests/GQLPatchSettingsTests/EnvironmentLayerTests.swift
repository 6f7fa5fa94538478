import Foundation
import GQLPatchClient
import GQLPatchSupport
import Testing

@testable import GQLPatchSettings

/// The environments file (read, written, refused when damaged) and how a named environment's values
/// join what a run was given: a flag first, then the environment named, then the variables, then the
/// folder's config, then the default; an API key read from the variable or file it names.
@Suite struct EnvironmentLayerTests {
    /// A home with an environments file, and an empty working folder.
    struct Home {
        let root: URL
        var environment: [String: String] { ["HOME": root.appendingPathComponent("home").path] }
        var work: String { root.appendingPathComponent("work").path }

        init(_ file: EnvironmentFile) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("env-layer-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("work"), withIntermediateDirectories: true)
            let store = try #require(
                EnvironmentStore(environment: ["HOME": root.appendingPathComponent("home").path]) { _ in })
            try store.save(file)
        }

        func apply(_ given: SettingsInput, _ extra: [String: String] = [:]) throws -> (
            SettingsInput, EnvironmentChoice?
        ) {
            try EnvironmentLayer.apply(
                given, environment: environment.merging(extra) { $1 }, files: .local, workingDirectory: work,
                warn: { _ in })
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static func file(default name: String? = nil) -> EnvironmentFile {
        var staging = NamedEnvironment(name: "staging")
        staging.endpoint = "https://stg.example.com/graphql"
        staging.auth = .apiKey
        staging.apiKeyVariable = "STG_KEY"
        staging.region = "eu-west-1"
        var prod = NamedEnvironment(name: "prod")
        prod.endpoint = "https://prod.example.com/graphql"
        prod.profile = "prod"
        prod.protected = true
        var file = EnvironmentFile()
        file.environments = [staging, prod]
        file.defaultName = name
        return file
    }

    @Test func theFileRoundTripsAndIsPrivate() throws {
        let home = try Home(Self.file(default: "prod"))
        defer { home.remove() }
        let store = try #require(EnvironmentStore(environment: home.environment) { _ in })
        #expect(try store.load() == Self.file(default: "prod"))
        let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test(arguments: [
        (#"{"gqlpatchEnvironments": 2, "environments": []}"#, "it is not a gqlpatch environments file of version 1"),
        (#"{"gqlpatchEnvironments": 1, "environments": [{"name": "a b"}]}"#, "an environment has no valid \"name\""),
        (
            #"{"gqlpatchEnvironments": 1, "environments": [{"name": "a", "apiKey": "da2-x"}]}"#,
            "environment a has an unknown member \"apiKey\""
        ),
        (
            #"{"gqlpatchEnvironments": 1, "environments": [{"name": "a"}, {"name": "a"}]}"#,
            "environment a is there twice"
        ),
        (#"{"gqlpatchEnvironments": 1, "default": "b", "environments": [{"name": "a"}]}"#, "the default b is not one"),
        (#"{"gqlpatchEnvironments": 1, "environments": [{"name": "a", "auth": "magic"}]}"#, "environment a: \"auth\""),
    ])
    func aDamagedFileIsRefused(_ text: String, _ problem: String) {
        #expect {
            _ = try EnvironmentFile(bytes: Array(text.utf8))
        } throws: { error in
            (error as? EnvironmentFileProblem)?.message.hasPrefix(problem) == true
        }
    }

    @Test func theEnvironmentNamedFillsWhatNoFlagGave() throws {
        let home = try Home(Self.file())
        defer { home.remove() }
        var given = SettingsInput()
        given.environmentName = "staging"
        given.region = "us-east-1"
        let (input, choice) = try home.apply(
            given, ["STG_KEY": "da2-stg", "GQLPATCH_ENDPOINT": "https://other/graphql"])
        #expect(choice?.name == "staging" && choice?.reason == .flag)
        #expect(input.endpoint == "https://stg.example.com/graphql", "before the variables")
        #expect(input.region == "us-east-1", "the flag wins")
        #expect(input.auth == .apiKey && input.apiKey == "da2-stg")
        let variable = try home.apply(SettingsInput(), ["GQLPATCH_ENV": "prod"])
        #expect(variable.1?.reason == .variable && variable.0.profile == "prod")
    }

    @Test func theDefaultComesAfterTheVariablesAndOnlyWithoutAConfig() throws {
        let home = try Home(Self.file(default: "prod"))
        defer { home.remove() }
        let (input, choice) = try home.apply(SettingsInput(), ["GQLPATCH_ENDPOINT": "https://other/graphql"])
        #expect(choice?.reason == .defaultEnvironment)
        #expect(input.endpoint == nil, "the variable gives it: left to it")
        #expect(input.profile == "prod")
        try "{}".write(toFile: home.work + "/amplify_outputs.json", atomically: true, encoding: .utf8)
        #expect(try home.apply(SettingsInput()).1 == nil, "the folder's config wins")
    }

    @Test func anAPINamedByItsIDTakesNoDefault() throws {
        let home = try Home(Self.file(default: "prod"))
        defer { home.remove() }
        var byID = SettingsInput()
        byID.apiID = "abcdefghijklmnopqrstuvwxyz"
        #expect(try home.apply(byID).1 == nil, "--api-id names the API")
        #expect(try home.apply(SettingsInput(), ["GQLPATCH_API_ID": "abcdefghijklmnopqrstuvwxyz"]).1 == nil)
        #expect(try home.apply(SettingsInput()).1?.reason == .defaultEnvironment)
    }

    @Test func anAPIKeyIsReadFromWhereItIsNamed() throws {
        let home = try Home(Self.file())
        defer { home.remove() }
        var given = SettingsInput()
        given.environmentName = "staging"
        #expect {
            _ = try home.apply(given)
        } throws: { error in
            let error = error as? GQLPatchError
            return error?.code == .configuration
                && error?.message.hasPrefix("environment staging takes its API key from $STG_KEY, which is not set")
                    == true
        }
        var named = NamedEnvironment(name: "f")
        let keyFile = home.root.appendingPathComponent("key").path
        try "  da2-from-file \n".write(toFile: keyFile, atomically: true, encoding: .utf8)
        named.apiKeyFile = keyFile
        #expect(try EnvironmentLayer.apiKey(of: named, environment: [:], files: .local) == "da2-from-file")
    }

    @Test func anUnknownNameIsRefusedWithTheNamesThereAre() throws {
        let home = try Home(Self.file())
        defer { home.remove() }
        var given = SettingsInput()
        given.environmentName = "stagin"
        #expect {
            _ = try home.apply(given)
        } throws: { error in
            let error = error as? GQLPatchError
            return error?.code == .configuration && error?.message.hasPrefix("no environment 'stagin' in ") == true
                && error?.message.contains("did you mean staging?") == true
        }
    }
}
