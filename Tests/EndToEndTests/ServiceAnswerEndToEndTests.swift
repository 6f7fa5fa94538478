import Foundation
import JSON
import Testing

/// Answers the real AppSync service gives that the emulator did not (issue 32 #1-#6): a field the
/// caller may not read, throttling inside a 200, a refused signature as HTTP 400, a gateway's 5xx
/// or a template's error after a write, a 413, and `Unauthorized` for a key with no record. Each is
/// replayed by a scripted server that answers by the request's root field.
@Suite struct ServiceAnswerEndToEndTests {
    typealias Reply = ScriptedServer.Reply

    /// Runs `arguments` (after the endpoint, the repository's schema and an API key) against a
    /// server answering each request by the first of `answers`' root fields the body names.
    static func run(
        _ arguments: [String], _ answers: [String: @Sendable (Int) -> Reply]
    ) throws -> (result: ProcessResult, requests: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let counts = LockedCounts()
        let server = try ScriptedServer { _, body in
            for (root, answer) in answers.sorted(by: { $0.key < $1.key })
            where body.contains("\(root)(") || body.contains("\(root) {") {
                return answer(counts.next(root))
            }
            return Reply(status: 500, body: #"{"errors":[{"message":"unscripted request"}]}"#)
        }
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", server.endpoint, "--schema", TestPaths.schema, "--api-key", "da2-servicecorpus0000000000",
                "--compact",
            ]
                + arguments, in: folder)
        return (result, server.received)
    }

    static let item = #"{"id":"item-1","name":"Chair","description":"Oak","tags":null}"#

    // MARK: - #1 a field the caller may not read

    /// The field-level refusal AppSync gives (errorType null, the path at the field): the record is
    /// left out of stdout and named on stderr; the listing exits 1.
    @Test(arguments: [#"null"#, #""Unauthorized""#])
    func listLeavesOutARecordWithANulledField(_ errorType: String) throws {
        let page = """
            {"data":{"listItems":{"items":[\
            {"id":"a","name":"Lamp","description":null,"tags":null},\
            {"id":"b","name":"Desk","description":null,"tags":null},\
            {"id":"c","name":"Shelf","description":"Pine","tags":null}],"nextToken":null}},\
            "errors":[{"path":["listItems","items",0,"description"],"data":null,"errorType":\(errorType),\
            "errorInfo":null,"locations":[{"line":1,"column":60,"sourceName":null}],\
            "message":"Not Authorized to access description on type Item"}]}
            """
        let (result, _) = try Self.run(["list", "Item"], ["listItems": { _ in Reply(status: 200, body: page) }])
        #expect(result.status == 1, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result)")
        #expect(!result.stdout.contains(#""id":"a""#), "the record with the nulled field is not printed\n\(result)")
        #expect(lines.first?.contains(#""description":null"#) == true, "a real null is printed\n\(result)")
        #expect(
            result.stderr.hasPrefix(
                "gqlpatch: error: listItems.items.0.description (page 1, Item id=a): "
                    + (errorType == "null" ? "" : "Unauthorized: ")
                    + "Not Authorized to access description on type Item"),
            "\(result)")
        #expect(result.stderr.contains("1 record of listItems could not be read"), "\(result)")
    }

    /// `--errors-inline`: the record is printed with its error, the nulled field absent (not null).
    @Test func listErrorsInlineDropsTheNulledField() throws {
        let page = """
            {"data":{"listItems":{"items":[{"id":"a","name":"Lamp","description":null,"tags":null}],"nextToken":null}},\
            "errors":[{"path":["listItems","items",0,"description"],"errorType":null,\
            "message":"Not Authorized to access description on type Item"}]}
            """
        let (result, _) = try Self.run(
            ["list", "Item", "--errors-inline"], ["listItems": { _ in Reply(status: 200, body: page) }])
        #expect(result.status == 1, "\(result)")
        let line = try JSONValue.parse(Array(result.stdout.utf8))
        #expect(line["item"]?["id"] == .string("a"), "\(result)")
        #expect(line["item"]?.objectValue?["description"] == nil, "the nulled field is absent\n\(result)")
        #expect(line["error"]?["message"] == .string("Not Authorized to access description on type Item"))
    }

    /// `get` of a record with a field the caller may not read: exit 77 naming the field, nothing printed.
    @Test func getOfARecordWithANulledFieldNamesTheField() throws {
        let body = """
            {"data":{"getItem":{"id":"item-1","name":"Chair","description":null,"tags":null}},\
            "errors":[{"path":["getItem","description"],"data":null,"errorType":null,"errorInfo":null,\
            "message":"Not Authorized to access description on type Item"}]}
            """
        let (result, _) = try Self.run(
            ["get", "Item", "--id", "item-1"], ["getItem": { _ in Reply(status: 200, body: body) }])
        result.expectFailure(
            77,
            "gqlpatch: error: not authorized: Not Authorized to access description on type Item (at getItem.description)"
        )
    }

    // MARK: - #2 throttling inside a 200, on every command

    static func throttled(_ root: String, type: String) -> String {
        """
        {"data":{"\(root)":null},"errors":[{"path":["\(root)"],"data":null,"errorType":"\(type)",\
        "errorInfo":{"retryable":true},"message":"The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API."}]}
        """
    }

    @Test(arguments: [
        "DynamoDB:ProvisionedThroughputExceededException", "ProvisionedThroughputExceededException",
        "DynamoDB:ThrottlingException", "RequestLimitExceeded", "TooManyRequestsException",
    ])
    func updateRetriesThrottlingInA200(_ type: String) throws {
        let (result, requests) = try Self.run(
            ["update", "Item", "--id", "item-1", "--set", "name=Lamp"],
            [
                "updateItem": { n in
                    n == 0
                        ? Reply(status: 200, body: Self.throttled("updateItem", type: type))
                        : Reply(status: 200, body: #"{"data":{"updateItem":{"id":"item-1","name":"Lamp"}}}"#)
                }
            ])
        #expect(result.status == 0, "\(result)")
        #expect(requests.count == 2, "\(requests)")
        #expect(result.stderr.contains("gqlpatch: note: "), "the retry is noted\n\(result)")
    }

    /// Throttled on every try: 5 tries, then exit 75, for get, update and delete alike.
    @Test(arguments: [
        (["get", "Item", "--id", "item-1"], "getItem"),
        (["update", "Item", "--id", "item-1", "--set", "name=Lamp"], "updateItem"),
        (["delete", "Item", "--id", "item-1"], "deleteItem"),
    ])
    func throttledOnEveryTryIs75(_ command: [String], _ root: String) throws {
        let (result, requests) = try Self.run(
            command,
            [
                root: { _ in
                    Reply(
                        status: 200, body: Self.throttled(root, type: "DynamoDB:ProvisionedThroughputExceededException")
                    )
                }
            ])
        #expect(result.status == 75, "\(result)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 5, "a note for each of the 4 retries, then the error\n\(result)")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("gqlpatch: note: ") }, "\(result)")
        #expect(
            lines.last?.hasPrefix("gqlpatch: error: throttled: DynamoDB:ProvisionedThroughputExceededException")
                == true,
            "\(result)")
        #expect(requests.count == 5, "\(requests.count) requests")
    }

    /// An HTTP 429 with Retry-After is waited out and tried again by a single `get` too.
    @Test func getRetriesA429() throws {
        let (result, requests) = try Self.run(
            ["get", "Item", "--id", "item-1"],
            [
                "getItem": { n in
                    n == 0
                        ? Reply(
                            status: 429,
                            body: #"{"errors":[{"errorType":"TooManyRequestsException","message":"Rate exceeded"}]}"#,
                            headers: ["Retry-After: 0"])
                        : Reply(status: 200, body: #"{"data":{"getItem":\#(Self.item)}}"#)
                }
            ])
        #expect(result.status == 0, "\(result)")
        #expect(requests.count == 2)
    }

    // MARK: - #3 refused signatures are auth failures, whatever the status

    @Test(arguments: [
        (
            400, "BadRequestException",
            "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details."
        ),
        (
            403, "InvalidSignatureException",
            "Signature expired: 20240101T000000Z is now earlier than 20240101T000500Z (20240101T001000Z - 5 min.)"
        ),
        (403, "IncompleteSignatureException", "Authorization header requires 'Credential' parameter."),
        (403, "UnrecognizedClientException", "The security token included in the request is invalid."),
        (403, "ExpiredTokenException", "The security token included in the request is expired"),
        (403, "InvalidClientTokenId", "The security token included in the request is invalid."),
    ])
    func refusedSignatureIs77WithTheHint(_ status: Int, _ type: String, _ message: String) throws {
        let body = #"{"errors":[{"errorType":"\#(type)","message":"\#(message)"}]}"#
        let (result, requests) = try Self.run(
            ["update", "Item", "--id", "item-1", "--set", "name=Lamp"],
            ["updateItem": { _ in Reply(status: status, body: body, headers: ["x-amzn-ErrorType: \(type)"]) }])
        result.expectFailure(77, "gqlpatch: error: HTTP \(status) from 127.0.0.1:")
        #expect(result.stderr.contains("\(type): \(message.prefix(30))"), "\(result)")
        #expect(result.stderr.contains("check the clock"), "\(result)")
        #expect(requests.count == 1)
    }

    // MARK: - #4 a write answered by a 5xx, or by an error after the resolver ran

    @Test(arguments: [502, 503, 504])
    func gatewayErrorOnAWriteMayHaveApplied(_ status: Int) throws {
        let page = "<html><head><title>\(status) Gateway</title></head><body><h1>\(status)</h1></body></html>"
        let (result, _) = try Self.run(
            ["update", "Item", "--id", "item-1", "--set", "name=Lamp"],
            ["updateItem": { _ in Reply(status: status, contentType: "text/html", body: page) }])
        result.expectFailure(69, "gqlpatch: error: HTTP \(status) from 127.0.0.1:")
        #expect(
            result.stderr.contains(
                "the update of Item id=item-1 may or may not have been applied: check with `gqlpatch get Item --id item-1`"
            ),
            "\(result)")
    }

    @Test func responseTemplateErrorOnAWriteMayHaveApplied() throws {
        let body = """
            {"data":{"updateItem":null},"errors":[{"path":["updateItem"],"data":null,"errorType":"MappingTemplate",\
            "errorInfo":null,"locations":[{"line":2,"column":3,"sourceName":null}],\
            "message":"Unable to convert $util.toJson($ctx.result) to Object."}]}
            """
        let (result, _) = try Self.run(
            ["delete", "Item", "--id", "item-1"], ["deleteItem": { _ in Reply(status: 200, body: body) }])
        result.expectFailure(1, "gqlpatch: error: the server answered with errors: MappingTemplate: Unable to convert")
        #expect(result.stderr.contains("the delete of Item id=item-1 may or may not have been applied"), "\(result)")
    }

    // MARK: - #5 4xx answers worded by their status

    @Test func payloadTooLargeSaysSo() throws {
        let (result, _) = try Self.run(
            ["update", "Item", "--id", "item-1", "--set", "name=Lamp"],
            [
                "updateItem": { _ in
                    Reply(status: 413, contentType: "text/html", body: "<html>Request Entity Too Large</html>")
                }
            ])
        result.expectFailure(76, "gqlpatch: error: HTTP 413 from 127.0.0.1:")
        #expect(result.stderr.contains(": the request is larger than the API accepts ("), "\(result)")
        #expect(result.stderr.contains(" bytes sent)"), "\(result)")
        #expect(!result.stderr.contains("not a GraphQL endpoint"), "\(result)")
    }

    @Test(arguments: [
        (409, "HTTP 409 Conflict from"), (415, "HTTP 415 Unsupported Media Type from"), (404, "HTTP 404 from"),
    ])
    func otherClientErrorsAreWordedByStatus(_ status: Int, _ start: String) throws {
        let (result, _) = try Self.run(
            ["get", "Item", "--id", "item-1"],
            ["getItem": { _ in Reply(status: status, contentType: "text/plain", body: "no") }])
        result.expectFailure(76, "gqlpatch: error: \(start) 127.0.0.1:")
        #expect(result.stderr.contains("not a GraphQL endpoint") == (status == 404), "\(result)")
    }

    // MARK: - #6 Unauthorized for a key that has no record

    static let notAuthorizedUpdate = """
        {"data":{"updateItem":null},"errors":[{"path":["updateItem"],"data":null,"errorType":"Unauthorized",\
        "errorInfo":null,"locations":[{"line":2,"column":3,"sourceName":null}],\
        "message":"Not Authorized to access updateItem on type Mutation"}]}
        """

    @Test func unauthorizedWriteOfAMissingRecordIsNotFound() throws {
        let (result, requests) = try Self.run(
            ["update", "Item", "--id", "item-1", "--set", "name=Lamp"],
            [
                "updateItem": { _ in Reply(status: 200, body: Self.notAuthorizedUpdate) },
                "getItem": { _ in Reply(status: 200, body: #"{"data":{"getItem":null}}"#) },
            ])
        result.expectFailure(
            3,
            "gqlpatch: error: no Item id=item-1, or not yours (Unauthorized: Not Authorized to access updateItem on type Mutation); nothing was written"
        )
        #expect(requests.count == 2, "the update, then the read that tells")
    }

    @Test func unauthorizedDeleteOfAMissingRecordIsNotFound() throws {
        let body = Self.notAuthorizedUpdate.replacingOccurrences(of: "updateItem", with: "deleteItem")
        let (result, _) = try Self.run(
            ["delete", "Item", "--id", "item-1"],
            [
                "deleteItem": { _ in Reply(status: 200, body: body) },
                "getItem": { _ in Reply(status: 200, body: #"{"data":{"getItem":null}}"#) },
            ])
        result.expectFailure(3, "gqlpatch: error: no Item id=item-1, or not yours (Unauthorized: Not Authorized")
    }

    /// A record that is there but not the caller's stays an auth failure.
    @Test func unauthorizedWriteOfAnotherOwnersRecordStays77() throws {
        let (result, _) = try Self.run(
            ["update", "Item", "--id", "item-1", "--set", "name=Lamp"],
            [
                "updateItem": { _ in Reply(status: 200, body: Self.notAuthorizedUpdate) },
                "getItem": { _ in Reply(status: 200, body: #"{"data":{"getItem":\#(Self.item)}}"#) },
            ])
        result.expectFailure(77, "gqlpatch: error: not authorized: Unauthorized: Not Authorized to access updateItem")
    }
}

/// The emulator answers these cases as the service does (issue 32 #7), and gqlpatch reads them so
/// end to end: throttling in a 200 on any operation, a field the caller may not read, a gateway's
/// 504 after the write ran.
@Suite struct EmulatorServiceAnswerEndToEndTests {
    @Test func throttlingInA200IsTriedFiveTimesThen75() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--dynamo-throttle-rate", "1"])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["get", "Item", "--id", "item-1"])
        #expect(result.status == 75, "\(result)")
        #expect(
            result.stderr.split(separator: "\n").last?.hasPrefix(
                "gqlpatch: error: throttled: DynamoDB:ProvisionedThroughputExceededException: You exceeded") == true,
            "\(result)")
        #expect(try emulator.requests().count == 5)
    }

    @Test func aDeniedFieldLeavesTheRecordOutOfAListingAndFailsAGet() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--deny-field", "Item.description"])
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "a", "name": "Lamp", "description": "Brass"])
        let list = try emulator.gqlpatch(["list", "Item", "--select", "id,description"])
        #expect(list.status == 1, "\(list)")
        #expect(list.stdout.isEmpty, "a record whose description was nulled is not printed\n\(list)")
        #expect(
            list.stderr.hasPrefix(
                "gqlpatch: error: listItems.items.0.description (page 1, Item id=a): Unauthorized: Not Authorized to access description on type Item"
            ), "\(list)")
        let get = try emulator.gqlpatch(["get", "Item", "--id", "a"])
        get.expectFailure(
            77,
            "gqlpatch: error: not authorized: Unauthorized: Not Authorized to access description on type Item (at getItem.description)"
        )
    }

    @Test func aGatewayTimeoutAfterTheWriteSaysItMayHaveApplied() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--gateway-after-execute", "2"])
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "item-1", "name": "Chair"])
        let result = try emulator.gqlpatch(["update", "Item", "--id", "item-1", "--set", "name=Lamp"])
        result.expectFailure(69, "gqlpatch: error: HTTP 504 from 127.0.0.1:\(emulator.port)")
        #expect(
            result.stderr.contains(
                "the update of Item id=item-1 may or may not have been applied: check with `gqlpatch get Item --id item-1`"
            ),
            "\(result)")
        #expect(
            try emulator.graphQL(#"{ getItem(id: "item-1") { name } }"#)["data"]?["getItem"]?["name"] == "Lamp",
            "the write did happen")
    }
}

/// A counter per key, shared by a scripted server's threads.
final class LockedCounts: @unchecked Sendable {
    // @unchecked: `counts` is only touched under `lock`.
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    /// The 0-based number of this call for `key`.
    func next(_ key: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let value = counts[key, default: 0]
        counts[key] = value + 1
        return value
    }
}
