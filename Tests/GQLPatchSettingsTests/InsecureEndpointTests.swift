import Testing

@testable import GQLPatchSettings

/// Which endpoints are plain http to another host (credentials are not sent there).
@Suite struct InsecureEndpointTests {
    @Test func insecureEndpoints() {
        #expect(Settings.isInsecure("http://api.example.com/graphql"))
        #expect(!Settings.isInsecure("http://127.0.0.1:8080/graphql"))
        #expect(!Settings.isInsecure("http://localhost/graphql"))
        #expect(!Settings.isInsecure("http://[::1]:9/graphql"))
        #expect(!Settings.isInsecure("https://api.example.com/graphql"))
        #expect(Settings.isInsecure("http://127.0.0.1.evil.com/graphql"))
        #expect(Settings.isInsecure("http://localhost.evil.com/graphql"))
    }
}
