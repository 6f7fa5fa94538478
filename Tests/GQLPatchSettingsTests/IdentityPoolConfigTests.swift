import Foundation
import GQLPatchClient
import GQLPatchSettings
import GQLPatchSupport
import GQLPatchTestSupport
import Testing

/// The identity pool id read from both config generations: every real Gen 2 project's
/// `amplify_outputs.json` in the corpus, the real Gen 1 `amplifyconfiguration.json`, and bad shapes.
@Suite struct IdentityPoolConfigTests {
    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func everyCorpusOutputsFileHasItsPool() throws {
        let corpus = Fixture.sharedAmplify.appendingPathComponent("corpus")
        let projects = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        var read = 0
        for project in projects {
            let path = corpus.appendingPathComponent(project).appendingPathComponent("amplify_outputs.json").path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let config = try AmplifyConfigReader.read(path: path, files: .local, origin: .named)
            let id = try #require(config.identityPoolID, "\(project)")
            #expect(config.identityPoolPath == "auth.identity_pool_id")
            // The pool's region (its id's prefix) is the auth section's aws_region, as Amplify writes it.
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
            let region = ((json as? [String: Any])?["auth"] as? [String: Any])?["aws_region"] as? String
            #expect(CognitoIdentityClient.region(ofPool: id) == region, "\(project): \(id)")
            read += 1
        }
        #expect(read == 15)
    }

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func gen1CredentialsProvider() throws {
        let path = Fixture.sharedAmplify.appendingPathComponent("config/softment-myMink-iOS__amplifyconfiguration.json")
            .path
        let config = try AmplifyConfigReader.read(path: path, files: .local, origin: .named)
        #expect(config.identityPoolID == "us-east-1:f30a65a7-cf5a-4c45-bf33-26f54f68c4c0")
        #expect(
            config.identityPoolPath
                == "auth.plugins.awsCognitoAuthPlugin.CredentialsProvider.CognitoIdentity.Default.PoolId")
    }

    static let gen2 =
        #"{"data": {"url": "https://x.example.com/graphql", "aws_region": "eu-west-1", "default_authorization_type": "AWS_IAM"}"#

    @Test func noAuthSectionNoPool() throws {
        let config = try AmplifyConfigReader.read(bytes: Array((Self.gen2 + "}").utf8), file: "o.json")
        #expect(config.identityPoolID == nil)
        let withoutPool = try AmplifyConfigReader.read(
            bytes: Array((Self.gen2 + #", "auth": {"user_pool_id": "eu-west-1_x"}}"#).utf8), file: "o.json")
        #expect(withoutPool.identityPoolID == nil)
    }

    @Test func aPoolIdThatIsNotAStringIsAConfigurationError() {
        do {
            _ = try AmplifyConfigReader.read(
                bytes: Array((Self.gen2 + #", "auth": {"identity_pool_id": 5}}"#).utf8), file: "o.json")
            Issue.record("a number was taken for a pool id")
        } catch {
            #expect(error.code == .configuration)
            #expect(error.message == "o.json: auth.identity_pool_id must be a string")
        }
    }
}
