import Foundation
import GQLPatchClient
import GQLPatchSettings
import GQLPatchSupport
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchSettings

@Suite struct UserPoolTokenCacheTests {
    static let key = UserPoolTokenFile.Key(
        endpoint: "https://cognito-idp.us-east-1.amazonaws.com/", pool: "us-east-1_P", client: "c", username: "alice")
    static let tokens = UserPoolTokens(
        idToken: "id.x.y", accessToken: "acc.x.y", refreshToken: "ref", obtainedAt: 1_000, expiresAt: 4_600)

    @Test func theFileFormatRoundTripsAndNamesItsKey() throws {
        let bytes = UserPoolTokenFile.encode(Self.tokens, key: Self.key)
        #expect(try UserPoolTokenFile.decode(bytes, key: Self.key).get() == Self.tokens)
        let object = try JSONValue.parse(bytes)
        #expect(object["username"] == "alice" && object["pool"] == "us-east-1_P" && object["version"] == .int(1))
        var other = Self.key
        other.username = "bob"
        #expect(UserPoolTokenFile.decode(bytes, key: other) == .failure(.otherKey("username")))
        var noRefresh = Self.tokens
        noRefresh.refreshToken = nil
        #expect(
            try UserPoolTokenFile.decode(UserPoolTokenFile.encode(noRefresh, key: Self.key), key: Self.key).get()
                == noRefresh)
    }

    @Test func damagedFilesAreTold() {
        let good = try! JSONValue.parse(UserPoolTokenFile.encode(Self.tokens, key: Self.key)).objectValue!
        var cases: [(String, JSONObject)] = []
        var wrongVersion = good
        wrongVersion["version"] = .int(2)
        cases.append(("not version 1", wrongVersion))
        var noID = good
        noID["idToken"] = .null
        cases.append(("no idToken or accessToken", noID))
        var badTimes = good
        badTimes["expiresAt"] = .int(999)
        cases.append(("obtainedAt and expiresAt are not a token lifetime", badTimes))
        var badToken = good
        badToken["accessToken"] = "a\r\nb"
        cases.append(("a token holds characters an HTTP header cannot", badToken))
        var badRefresh = good
        badRefresh["refreshToken"] = .int(3)
        cases.append(("refreshToken is not a token", badRefresh))
        for (why, object) in cases {
            var bytes: [UInt8] = []
            JSONValue.object(object).write(to: &bytes, pretty: false)
            #expect(UserPoolTokenFile.decode(bytes, key: Self.key) == .failure(.damaged(why)), "\(why)")
        }
        #expect(UserPoolTokenFile.decode(Array("[".utf8), key: Self.key) == .failure(.damaged("not a JSON object")))
    }

    final class Warnings: @unchecked Sendable {
        // @unchecked: `lines` is only touched while holding `lock`.
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func theCacheIsPrivateAndRefusesWiderModes() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = UserPoolTokenCache.directory(environment: ["XDG_CACHE_HOME": root.path, "HOME": "/nowhere"])!
        #expect(directory == root.path + "/gqlpatch/tokens")
        #expect(
            UserPoolTokenCache.directory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/a"])
                == "/home/a/.cache/gqlpatch/tokens")
        #expect(UserPoolTokenCache.directory(environment: [:]) == nil)
        let warnings = Warnings()
        let cache = UserPoolTokenCache(directory: directory, key: Self.key, warn: warnings.add)
        #expect(try cache.load() == nil, "nothing cached yet, and no folder made by a read")
        #expect(!FileManager.default.fileExists(atPath: directory))
        try cache.save(Self.tokens)
        #expect(try cache.load() == Self.tokens)
        #expect(try Self.mode(cache.path) == 0o600)
        #expect(try Self.mode(directory) == 0o700 && (try Self.mode(root.path + "/gqlpatch")) == 0o700)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(leftovers == [String(cache.path.split(separator: "/").last!)], "no temporary file left: \(leftovers)")

        chmod(cache.path, 0o640)
        #expect(
            caught { () throws(GQLPatchError) in try cache.load() }.map {
                [
                    $0.code == .configuration,
                    $0.message
                        == "the token cache file \(cache.path) may be read by others (mode 0640); run 'chmod 600 \(cache.path)', or delete it and sign in again",
                ]
            } == [true, true])
        chmod(cache.path, 0o600)
        chmod(directory, 0o750)
        #expect(
            caught { () throws(GQLPatchError) in try cache.load() }.map {
                [
                    $0.code == .configuration,
                    $0.message
                        == "the token cache folder \(directory) may be entered by others (mode 0750); run 'chmod 700 \(directory)'",
                ]
            } == [true, true])
        #expect(throws: GQLPatchError.self) { try cache.save(Self.tokens) }
        chmod(directory, 0o700)

        try Data("garbage".utf8).write(to: URL(fileURLWithPath: cache.path))
        chmod(cache.path, 0o600)
        #expect(try cache.load() == nil)
        #expect(
            warnings.all == [
                "the token cache file \(cache.path) is damaged (not a JSON object); signing in again replaces it"
            ])
        try cache.save(Self.tokens)
        #expect(try cache.load() == Self.tokens, "replaced")
        #expect(try cache.delete())
        #expect(try !cache.delete())
    }

    @Test func aSymbolicLinkIsNotFollowed() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = UserPoolTokenCache(directory: root.path + "/gqlpatch/tokens", key: Self.key, warn: { _ in })
        try cache.save(Self.tokens)
        let target = root.appendingPathComponent("elsewhere.json")
        try FileManager.default.moveItem(atPath: cache.path, toPath: target.path)
        try FileManager.default.createSymbolicLink(atPath: cache.path, withDestinationPath: target.path)
        #expect(throws: GQLPatchError.self) { try cache.load() }
        try cache.save(Self.tokens)
        let attributes = try FileManager.default.attributesOfItem(atPath: cache.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular, "the link was replaced, not written through")
    }
}
