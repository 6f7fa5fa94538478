import GQLPatchTestSupport
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct AWSConfigFileTests {
    private func parse(_ text: String, _ kind: AWSConfigFile.Kind = .config) throws(GQLPatchError) -> AWSConfigFile {
        try AWSConfigFile.parse(Array(text.utf8), path: "/home/u/.aws/config", kind: kind)
    }

    private func values(_ file: AWSConfigFile, _ profile: String) -> [String: String] {
        (file.profiles[profile] ?? [:]).mapValues(\.value)
    }

    @Test func readsProfilesCommentsAndWhitespace() throws {
        let file = try parse(
            """
            # comment
            ; another
            [default]
            region = us-east-1
            output=json
            continued = first
            \tsecond line ; kept

            [profile dev]   # trailing comment
              ; indented comment
            Region\t=\teu-west-1 # inline comment
            role_arn = arn:aws:iam::123:role/x;not-a-comment
            hash = value#kept
            equals = a=b
            empty =
            """)
        #expect(
            values(file, "default") == [
                "region": "us-east-1", "output": "json", "continued": "first\nsecond line ; kept",
            ])
        #expect(
            values(file, "dev") == [
                "region": "eu-west-1", "role_arn": "arn:aws:iam::123:role/x;not-a-comment", "hash": "value#kept",
                "equals": "a=b", "empty": "",
            ])
        #expect(file.profiles["dev"]?["region"]?.line == 11)
        #expect(file.profileLines["dev"] == 9)
    }

    @Test func keepsSubSectionsAsOneValue() throws {
        let file = try parse(
            """
            [profile dev]
            s3 =
              max_concurrent_requests = 20
              addressing_style = path
            region = us-west-2
            """)
        #expect(values(file, "dev")["s3"] == "\nmax_concurrent_requests = 20\naddressing_style = path")
        #expect(values(file, "dev")["region"] == "us-west-2")
    }

    @Test func configAndCredentialsNameProfilesDifferently() throws {
        let config = try parse("[dev]\nregion = a\n[profile prod]\nregion = b\n[sso-session corp]\nsso_region = c\n")
        #expect(config.profiles.keys.sorted() == ["prod"])
        #expect(config.sections["sso-session corp"]?["sso_region"]?.value == "c")
        #expect(
            config.warnings == [
                "/home/u/.aws/config:1: warning: section [dev] is ignored: config-file profiles are named [profile dev]"
            ])
        let credentials = try parse(
            "[dev]\naws_access_key_id = a\n[profile prod]\naws_access_key_id = b\n", .credentials)
        #expect(credentials.profiles.keys.sorted() == ["dev"])
    }

    @Test(arguments: [
        "[default]\nregion = a\n[profile default]\nregion = b\n",
        "[profile default]\nregion = b\n[default]\nregion = a\n",
    ])
    func profileDefaultWinsOverDefault(text: String) throws {
        let file = try parse(text)
        #expect(values(file, "default") == ["region": "b"])
    }

    @Test func mergesRepeatedSectionsAndKeepsTheLastValue() throws {
        let file = try parse("[profile a]\nx = 1\ny = 1\n[profile a]\ny = 2\nY = 3\n")
        #expect(values(file, "a") == ["x": "1", "y": "3"])
    }

    @Test func acceptsCRLFAndByteOrderMark() throws {
        let file = try parse("\u{FEFF}[default]\r\nregion = us-east-2\r\n")
        #expect(values(file, "default") == ["region": "us-east-2"])
    }

    @Test func ignoresInvalidProfileNames() throws {
        let file = try parse("[profile \"my name\"]\nregion = a\n")
        #expect(file.profiles.isEmpty)
        #expect(file.warnings.count == 1)
    }

    @Test(arguments: [
        (
            "region = us-east-1\n",
            "/home/u/.aws/config:1:1: error: expected a profile definition before the first property"
        ),
        ("[default]\nregion : us-east-1\n", "/home/u/.aws/config:2:1: error: expected an '=' sign defining a property"),
        ("[default]\n= value\n", "/home/u/.aws/config:2:1: error: expected a property name before '='"),
        ("# c\n[profile dev\n", "/home/u/.aws/config:2:13: error: expected ']' to end the section header"),
        ("[default] x\n", "/home/u/.aws/config:1:1: error: expected a comment or the end of the line after ']'"),
        (
            "[default]\n  indented = 1\n",
            "/home/u/.aws/config:2:1: error: expected a property definition, found a continuation line"
        ),
        (
            "[default]\ns3 =\n  not-a-property\n",
            "/home/u/.aws/config:3:1: error: expected an '=' sign defining a sub-property of 's3'"
        ),
    ])
    func reportsErrorsWithFileAndLine(text: String, message: String) async {
        await expectCredentialError(.configuration, message) { _ = try parse(text) }
    }

    @Test func errorsNeverQuoteTheLine() {
        do {
            _ = try parse("[default]\naws_secret_access_key wJalrXUtnFEMI/K7MDENG\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .configuration)
            #expect(!error.message.contains("wJalrXUtnFEMI"))
        }
    }
}
