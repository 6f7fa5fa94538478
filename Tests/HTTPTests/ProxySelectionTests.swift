import Testing

@testable import GQLPatchSupport
@testable import HTTP

/// The proxy libcurl uses, read as libcurl reads it.
@Suite struct ProxySelectionTests {
    static func proxy(_ url: String, _ environment: [String: String]) -> String? {
        ProxySelection.proxy(for: AWSEndpointURL(url)!, environment: environment).map {
            "\($0.variable) \($0.authority)"
        }
    }

    @Test func schemeVariablesThenAllProxy() {
        #expect(Self.proxy("http://127.0.0.1/g", ["http_proxy": "http://p:3128"]) == "http_proxy p:3128")
        #expect(Self.proxy("http://127.0.0.1/g", ["HTTP_PROXY": "http://p:3128"]) == nil, "libcurl ignores HTTP_PROXY")
        #expect(Self.proxy("https://h/g", ["HTTPS_PROXY": "p:1"]) == "HTTPS_PROXY p:1")
        #expect(Self.proxy("https://h/g", ["http_proxy": "p:1"]) == nil)
        #expect(Self.proxy("http://h/g", ["ALL_PROXY": "socks5h://u:pw@s:1080/"]) == "ALL_PROXY s:1080")
        #expect(Self.proxy("http://h/g", ["http_proxy": "", "all_proxy": "a:1"]) == "all_proxy a:1", "empty is unset")
        #expect(Self.proxy("http://h/g", ["all_proxy": "a:1", "ALL_PROXY": "b:1"]) == "all_proxy a:1")
    }

    @Test(arguments: [
        ("*", "api.example.com", true), ("example.com", "api.example.com", true),
        (".example.com", "api.example.com", true),
        ("example.com", "notexample.com", false), ("a.com, example.com", "example.com", true),
        ("a.com example.com", "example.com", true),
        ("127.0.0.1", "127.0.0.1", true), ("127.0.0.0/8", "127.0.0.5", true), ("10.0.0.0/8", "127.0.0.1", false),
        ("localhost", "127.0.0.1", false), ("::1", "::1", true), ("[::1]", "::1", true), ("", "h", false),
    ])
    func noProxy(list: String, host: String, bypassed: Bool) {
        #expect(ProxySelection.bypasses(host: host, environment: ["no_proxy": list]) == bypassed)
    }

    @Test func upperCaseNoProxyWhenLowerIsUnsetOrEmpty() {
        #expect(ProxySelection.bypasses(host: "h", environment: ["NO_PROXY": "h"]))
        #expect(ProxySelection.bypasses(host: "h", environment: ["no_proxy": "", "NO_PROXY": "h"]))
    }

    @Test func passwordOfAURLIsRedacted() {
        #expect(Redactor.url("http://user:s3cret@h:1/g") == "http://…@h:1/g")
        // A secret key is base64: a `/` in it must not end the user information (issue 32 #9).
        #expect(Redactor.url("http://AKID:wJalrXUtnFEMI/K7MDENG@127.0.0.1:1/x") == "http://…@127.0.0.1:1/x")
        #expect(Redactor.url("htp://u:a/b/c@h/g") == "htp://…@h/g")
        #expect(Redactor.url("https://u:p@h/a@b/g") == "https://…@b/g")
        #expect(Redactor.url("http://h/g?a=b@c") == "http://…@c", "an @ anywhere may end a password")
        #expect(Redactor.url("https://h/g") == "https://h/g")
    }

    @Test(arguments: [
        "x-api-key", "X-API-KEY", "Authorization", "PROXY-authorization", "X-Custom-Token", "X-Session", "Cookie",
        "x-amz-security-token",
    ])
    func credentialHeaders(name: String) {
        #expect(Redactor.isSecretHeader(name))
    }

    @Test(arguments: ["Content-Type", "X-Trace", "Accept", "Content-Length", "X-Amz-Date"])
    func ordinaryHeaders(name: String) {
        #expect(!Redactor.isSecretHeader(name))
    }
}
