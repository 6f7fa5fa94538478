import Foundation
import GQLPatchTestSupport
import Testing

@testable import GQLPatchClient

/// The parsers of `GetId` and `GetCredentialsForIdentity` answers: good ones, and bad ones of every
/// kind (missing fields, wrong types, huge or odd values), whose message never quotes the answer.
@Suite struct CognitoIdentityResponseTests {
    static let good =
        #"{"Credentials":{"AccessKeyId":"ASIAGUEST0000000001","Expiration":1796146417.986786,"SecretKey":"c2VjcmV0c2VjcmV0","SessionToken":"SESSIONTOKEN0001"},"IdentityId":"us-east-1:03b4d6df-c420-4e8e-8b94-d015220dab57"}"#

    static func credentials(_ text: String) -> Result<String, CognitoIdentityResponse.Problem> {
        CognitoIdentityResponse.credentials(from: Array(text.utf8)).map {
            "\($0.0.accessKeyID) \($0.0.secretAccessKey) \($0.0.sessionToken ?? "-") \($0.1)"
        }
    }

    @Test func credentialsWithAFractionalExpiration() {
        #expect(
            Self.credentials(Self.good) == .success("ASIAGUEST0000000001 c2VjcmV0c2VjcmV0 SESSIONTOKEN0001 1796146417"))
    }

    @Test func credentialsWithAWholeExpiration() {
        let text = Self.good.replacingOccurrences(of: "1796146417.986786", with: "1796146417")
        #expect(Self.credentials(text) == .success("ASIAGUEST0000000001 c2VjcmV0c2VjcmV0 SESSIONTOKEN0001 1796146417"))
    }

    @Test(arguments: [
        ("", "the answer is not JSON (1:1)"),
        ("<html>", "the answer is not JSON (1:1)"),
        (#"{"Credentials":"#, "the answer is not JSON (1:16)"),
        ("[]", "the answer is not a JSON object"),
        ("{}", "the answer has no Credentials"),
        (#"{"Credentials":null}"#, "the answer's Credentials is not an object"),
        (#"{"Credentials":[1]}"#, "the answer's Credentials is not an object"),
        (#"{"Credentials":{}}"#, "the answer has no Credentials.AccessKeyId"),
        (#"{"Credentials":{"AccessKeyId":7}}"#, "the answer's Credentials.AccessKeyId is not a string"),
        (#"{"Credentials":{"AccessKeyId":""}}"#, "the answer's Credentials.AccessKeyId is empty"),
        (#"{"Credentials":{"AccessKeyId":"A","SecretKey":"s"}}"#, "the answer has no Credentials.SessionToken"),
        (
            #"{"Credentials":{"AccessKeyId":"A B","SecretKey":"s","SessionToken":"t"}}"#,
            "the answer's Credentials.AccessKeyId holds a character that is not printable ASCII"
        ),
        (
            #"{"Credentials":{"AccessKeyId":"A","SecretKey":"s\n","SessionToken":"t"}}"#,
            "the answer's Credentials.SecretKey holds a character that is not printable ASCII"
        ),
        (
            #"{"Credentials":{"AccessKeyId":"A","SecretKey":"s","SessionToken":"t"}}"#,
            "the answer has no Credentials.Expiration"
        ),
        (
            #"{"Credentials":{"AccessKeyId":"A","SecretKey":"s","SessionToken":"t","Expiration":"2026-12-01T10:00:00Z"}}"#,
            "the answer's Credentials.Expiration is not a number of seconds"
        ),
        (
            #"{"Credentials":{"AccessKeyId":"A","SecretKey":"s","SessionToken":"t","Expiration":null}}"#,
            "the answer's Credentials.Expiration is not a number of seconds"
        ),
        (
            #"{"Credentials":{"AccessKeyId":"A","SecretKey":"s","SessionToken":"t","Expiration":true}}"#,
            "the answer's Credentials.Expiration is not a number of seconds"
        ),
        (
            #"{"Credentials":{"AccessKeyId":"A","SecretKey":"s","SessionToken":"t","Expiration":-5}}"#,
            "the answer's Credentials.Expiration is not a time (out of range)"
        ),
        (
            #"{"Credentials":{"AccessKeyId":"A","SecretKey":"s","SessionToken":"t","Expiration":0}}"#,
            "the answer's Credentials.Expiration is not a time (out of range)"
        ),
        // The JSON reader refuses a number past Double's range.
        (
            #"{"Credentials":{"AccessKeyId":"A","SecretKey":"s","SessionToken":"t","Expiration":1e400}}"#,
            "the answer is not JSON (1:83)"
        ),
        (
            #"{"Credentials":{"AccessKeyId":"A","SecretKey":"s","SessionToken":"t","Expiration":99999999999999999999}}"#,
            "the answer's Credentials.Expiration is not a time (out of range)"
        ),
        (
            #"{"Credentials":{"AccessKeyId":"A","SecretKey":"s","SessionToken":"t","Expiration":253402300800}}"#,
            "the answer's Credentials.Expiration is not a time (out of range)"
        ),
    ])
    func badCredentials(_ text: String, _ problem: String) {
        #expect(Self.credentials(text) == .failure(CognitoIdentityResponse.Problem(text: problem)))
    }

    @Test func hugeValuesAreRefusedWithoutQuotingThem() {
        let huge = String(repeating: "A", count: 16_385)
        for (field, limit) in [("AccessKeyId", 128), ("SecretKey", 1024), ("SessionToken", 16_384)] {
            var parts = ["AccessKeyId": "A", "SecretKey": "s", "SessionToken": "t"]
            parts[field] = huge
            let body =
                #"{"Credentials":{"AccessKeyId":"\#(parts["AccessKeyId"]!)","SecretKey":"\#(parts["SecretKey"]!)","SessionToken":"\#(parts["SessionToken"]!)","Expiration":1}}"#
            #expect(
                Self.credentials(body)
                    == .failure(.init(text: "the answer's Credentials.\(field) is longer than \(limit) characters")))
        }
    }

    @Test func identityID() {
        let id = CognitoIdentityResponse.identityID(from: Array(#"{"IdentityId":"eu-west-1:0c9b691b-8cac"}"#.utf8))
        #expect(id == .success("eu-west-1:0c9b691b-8cac"))
    }

    @Test(arguments: [
        ("{}", "the answer has no IdentityId"),
        (#"{"IdentityId":42}"#, "the answer's IdentityId is not a string"),
        (#"{"IdentityId":"no-colon"}"#, "the answer's IdentityId is not REGION:ID"),
        (#"{"IdentityId":":x"}"#, "the answer's IdentityId is not REGION:ID"),
        (#"{"IdentityId":"us-east-1:a/b"}"#, "the answer's IdentityId is not REGION:ID"),
        (
            #"{"IdentityId":"us-east-1:\#(String(repeating: "a", count: 50))"}"#,
            "the answer's IdentityId is longer than 55 characters"
        ),
        ("null", "the answer is not a JSON object"),
    ])
    func badIdentityID(_ text: String, _ problem: String) {
        #expect(CognitoIdentityResponse.identityID(from: Array(text.utf8)) == .failure(.init(text: problem)))
    }

    @Test func errorNamesLoseTheirNamespace() {
        let body = #"{"__type":"com.amazonaws.cognito.identity#NotAuthorizedException","message":"no"}"#
        let error = CognitoIdentityResponse.error(from: Array(body.utf8))
        #expect(error?.code == "NotAuthorizedException")
        #expect(error?.message == "no")
        let capital = CognitoIdentityResponse.error(from: Array(#"{"__type":"X","Message":"M"}"#.utf8))
        #expect(capital?.code == "X" && capital?.message == "M")
        #expect(CognitoIdentityResponse.error(from: Array("<html>".utf8)) == nil)
        #expect(CognitoIdentityResponse.error(from: Array(#"{"message":"m"}"#.utf8)) == nil)
    }

    @Test func errorMessagesAreCutAndLoseControlCharacters() {
        let long = String(repeating: "x", count: 600)
        let body = #"{"__type":"X","message":"a\u001b[31mb\#(long)"}"#
        let message = CognitoIdentityResponse.error(from: Array(body.utf8))?.message ?? ""
        #expect(message.hasPrefix("a [31mb"))
        #expect(message.count == 501)
        #expect(message.hasSuffix("…"))
    }
}
