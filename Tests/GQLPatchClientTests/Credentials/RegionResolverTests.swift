import GQLPatchTestSupport
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct RegionResolverTests {
    static let custom = "https://api.example.com/graphql"
    static let appSync = "https://abcdefghijklmnopqrstuvwxyz.appsync-api.eu-central-1.amazonaws.com/graphql"

    @Test(
        arguments: [
            ("r-flag", ["AWS_REGION": "r-env", "AWS_DEFAULT_REGION": "r-default"], "r-profile", "r-flag", "region"),
            (nil, ["AWS_REGION": "r-env", "AWS_DEFAULT_REGION": "r-default"], "r-profile", "r-env", "AWS_REGION"),
            (
                nil, ["AWS_REGION": "", "AWS_DEFAULT_REGION": "r-default"], "r-profile", "r-default",
                "AWS_DEFAULT_REGION"
            ),
            (nil, [:], "r-profile", "r-profile", "profile dev"),
        ] as [(String?, [String: String], String?, String, String)])
    func orderForCustomDomains(
        flag: String?, environment: [String: String], profile: String?, region: String, source: String
    ) throws {
        let resolved = try RegionResolver(
            flag: flag, environment: environment, profileRegion: profile, profileName: "dev",
            wording: SourceNameWording()
        )
        .resolve(endpoint: Self.custom)
        #expect(resolved == ResolvedRegion(region: region, source: source))
    }

    @Test func customDomainWithoutRegionIsAnError() async {
        await expectCredentialError(
            .configuration, "cannot tell the AWS region for api.example.com: pass region REGION or set AWS_REGION"
        ) {
            _ = try RegionResolver(flag: nil, environment: [:], profileRegion: nil, wording: SourceNameWording())
                .resolve(endpoint: Self.custom)
        }
    }

    @Test func invalidRegionIsAnError() async {
        await expectCredentialError(.configuration, "'us east 1' from AWS_REGION is not a valid AWS region name") {
            _ = try RegionResolver(
                flag: nil, environment: ["AWS_REGION": "us east 1"], profileRegion: nil, wording: SourceNameWording()
            ).resolve(
                endpoint: Self.custom)
        }
    }

    @Test func appSyncHostBeatsEnvironmentAndProfileWithAWarning() throws {
        let quiet = try RegionResolver(flag: nil, environment: [:], profileRegion: nil, wording: SourceNameWording())
            .resolve(endpoint: Self.appSync)
        #expect(quiet == ResolvedRegion(region: "eu-central-1", source: "endpoint host"))
        let agreeing = try RegionResolver(
            flag: nil, environment: ["AWS_REGION": "eu-central-1"], profileRegion: nil, wording: SourceNameWording()
        )
        .resolve(endpoint: Self.appSync)
        #expect(agreeing.warning == nil)
        let disagreeing = try RegionResolver(
            flag: nil, environment: ["AWS_DEFAULT_REGION": "us-east-1"], profileRegion: "us-east-1",
            wording: SourceNameWording()
        ).resolve(endpoint: Self.appSync)
        #expect(
            disagreeing
                == ResolvedRegion(
                    region: "eu-central-1", source: "endpoint host",
                    warning:
                        "signing for region eu-central-1 from the endpoint host, not us-east-1 from AWS_DEFAULT_REGION")
        )
    }

    @Test func flagBeatsTheHostWithAWarning() throws {
        let resolved = try RegionResolver(
            flag: "us-west-2", environment: [:], profileRegion: nil, wording: SourceNameWording()
        ).resolve(
            endpoint: Self.appSync)
        #expect(
            resolved
                == ResolvedRegion(
                    region: "us-west-2", source: "region",
                    warning: "signing for region us-west-2 from region, but the endpoint host is in eu-central-1"))
    }

    @Test(
        arguments: [
            ("abc.appsync-api.us-east-1.amazonaws.com", "us-east-1"),
            ("ABC.AppSync-Api.AP-SOUTHEAST-2.amazonaws.com.", "ap-southeast-2"),
            ("abc.appsync-realtime-api.eu-west-3.amazonaws.com", "eu-west-3"),
            ("abc.appsync-api.cn-north-1.amazonaws.com.cn", "cn-north-1"),
            ("appsync-api.us-east-1.amazonaws.com", nil),
            ("abc.execute-api.us-east-1.amazonaws.com", nil),
            ("abc.appsync-api.us-east-1.amazonaws.com.evil.com", nil),
            ("api.example.com", nil),
        ] as [(String, String?)])
    func regionFromHost(host: String, region: String?) {
        #expect(RegionResolver.appSyncRegion(host: host) == region)
    }
}
