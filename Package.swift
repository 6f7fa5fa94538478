// swift-tools-version:6.0
import PackageDescription

// Module graph. Each target may import only what it lists, so SwiftPM refuses an upward arrow:
//
//   gqlpatch (executable: argv, environment, signals, exit)
//     -> GQLPatchCLI        parser, option tables, help and man page, command runners, output; the words of
//                           every settings problem
//          -> GQLPatchSettings   config discovery, endpoint, auth and identity resolution, the Amplify config,
//                                the token and identity caches: resolved values, problems by what they are
//          -> GQLPatchTransfer   moving data between APIs and files: export's plan, reader and job, copy's
//                                typed source, diff's plan and comparison
//               -> GQLPatchBatch (below)
//          -> GQLPatchWatch      watching records: a model's subscriptions, the watch and wait loops
//               -> GQLPatchRecords (below)
//          -> GQLPatchCompletion the completion cache's file, folder and file stamps -> GQLPatchSchema
//          -> GQLPatchBatch      apply (line source and parser, scheduler, sender, journal, rollback, dry run,
//                                preview) and the sequences' runs (insert, renumber)
//               -> GQLPatchUndo       the undo log: written as writes go (through the record rules' hook),
//                                     read back whole; what undo makes of one logged write
//               -> GQLPatchRecords    the record rules: targets made from what is asked; read, update, delete
//                                          and edits (one conflict-retry loop), their requests built once (sent,
//                                          or planned for a dry run); cascade delete, listings, lookup
//                    -> GQLPatchOperations  value typing, change sets, documents, selections, masking (HMAC from AWSSigning),
//                                           records as rows and rows as records (-> CSV)
//                         -> GQLPatchSchema      catalogue, schema readers, Amplify naming
//                    -> GQLPatchClient      GraphQL client, the transport router, auth, AWS credentials
//                         -> HTTPDirect    gqlpatch's own HTTP/1.1 client (blocking and event loop) -> CNet
//                         -> HTTPCurl      the libcurl client, the only importer of CCurl
//                              -> HTTP     the vocabulary: request, response, URL, response reader,
//                                          proxy selection, TransportFailure, the HTTPTransport protocol,
//                                          the WebSocketChannel protocol (-> WebSocket)
//   GQLPatchSupport (errors, exit codes, console, bounded file reads, small helpers) is under all of them.
//   GraphQLSDL, JSON, CSV (RFC 4180 CSV and TSV, read incrementally and written), AWSSigning, CCurl and CNet
//   stand alone and import nothing of ours. CCurl loads the
//   system's libcurl (for a proxy); CNet is the own client's sockets, and the system's libssl for
//   https. CognitoSRP (Cognito sign-in arithmetic: SRP-6a, HKDF, TOTP) imports only AWSSigning.
//   WebSocket (the RFC 6455 client codec: frames, messages, the opening handshake; no I/O) stands alone
//   beside it and also imports only AWSSigning (SHA-1 and base64 for the handshake).
let support: [Target.Dependency] = ["GQLPatchSupport", "JSON"]
let gqlpatch: [Target.Dependency] = [
    "GQLPatchCLI", "GQLPatchSettings", "GQLPatchTransfer", "GQLPatchWatch", "GQLPatchCompletion", "GQLPatchBatch",
    "GQLPatchUndo", "GQLPatchRecords",
    "GQLPatchOperations",
    "GQLPatchSchema",
    "GQLPatchClient",
    "HTTPDirect", "HTTPCurl", "HTTP", "GQLPatchSupport",
]
/// The unit tests of `target`, which may use the targets below it and the test support.
func testTarget(_ target: String, below: [Target.Dependency]) -> Target {
    .testTarget(
        name: target + "Tests",
        dependencies: [.target(name: target)] + below + [
            "GQLPatchTestSupport", "TestSupport", "JSON", "GraphQLSDL", "AWSSigning",
        ])
}
let package = Package(
    name: "gqlpatch",
    products: [
        .executable(name: "gqlpatch", targets: ["gqlpatch"]),
        // For the fuzz package beside it (Fuzz/), which reaches the parsers through this product.
        .library(
            name: "GQLPatch",
            targets: [
                "GQLPatchCLI", "GQLPatchSettings", "GQLPatchTransfer", "GQLPatchWatch", "GQLPatchCompletion",
                "GQLPatchBatch", "GQLPatchUndo",
                "GQLPatchRecords",
                "GQLPatchOperations",
                "GQLPatchSchema", "GQLPatchClient", "HTTPDirect", "HTTPCurl", "HTTP", "GQLPatchSupport", "WebSocket",
                "CSV",
            ]),
    ],
    targets: [
        .target(name: "GraphQLSDL"),
        .target(name: "JSON"),
        .target(name: "CSV"),
        .target(name: "AWSSigning"),
        .target(name: "CCurl"),
        .target(name: "CNet"),
        // Optimized in debug builds too: its 3072-bit arithmetic (UInt128 carries) runs some 50 times
        // slower unoptimized, which the known-answer tests (a few hundred exponentiations) would pay.
        .target(
            name: "CognitoSRP", dependencies: ["AWSSigning"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "WebSocket", dependencies: ["AWSSigning"]),
        .target(name: "GQLPatchSupport", dependencies: ["JSON"]),
        .target(name: "GQLPatchSchema", dependencies: support + ["GraphQLSDL"]),
        .target(
            name: "GQLPatchOperations", dependencies: support + ["GQLPatchSchema", "GraphQLSDL", "AWSSigning", "CSV"]),
        .target(name: "HTTP", dependencies: ["GQLPatchSupport", "WebSocket"]),
        .target(name: "HTTPDirect", dependencies: ["HTTP", "GQLPatchSupport", "CNet", "WebSocket"]),
        .target(name: "HTTPCurl", dependencies: ["HTTP", "GQLPatchSupport", "CCurl"]),
        .target(
            name: "GQLPatchClient",
            dependencies: support + ["HTTP", "HTTPDirect", "HTTPCurl", "AWSSigning", "CognitoSRP", "WebSocket"]),
        .target(
            name: "GQLPatchRecords",
            dependencies: support + ["GQLPatchOperations", "GQLPatchSchema", "GQLPatchClient", "HTTP"]),
        .target(
            name: "GQLPatchUndo",
            dependencies: support + ["GQLPatchRecords", "GQLPatchOperations", "GQLPatchSchema", "AWSSigning"]),
        .target(
            name: "GQLPatchBatch",
            dependencies: support + [
                "CSV", "GQLPatchUndo", "GQLPatchRecords", "GQLPatchOperations", "GQLPatchSchema", "GQLPatchClient",
                "HTTP",
                "AWSSigning",
            ]),
        .target(
            name: "GQLPatchTransfer",
            dependencies: support + [
                "GQLPatchBatch", "GQLPatchRecords", "GQLPatchOperations", "GQLPatchSchema", "GQLPatchClient",
                "AWSSigning",
            ]),
        .target(
            name: "GQLPatchWatch",
            dependencies: support + [
                "GQLPatchRecords", "GQLPatchOperations", "GQLPatchSchema", "GQLPatchClient", "HTTP",
            ]),
        .target(name: "GQLPatchCompletion", dependencies: support + ["GQLPatchSchema", "AWSSigning"]),
        .target(
            name: "GQLPatchSettings",
            dependencies: support + ["GQLPatchOperations", "GQLPatchSchema", "GQLPatchClient", "HTTP", "AWSSigning"]),
        .target(
            name: "GQLPatchCLI",
            dependencies: support + [
                "CSV",
                "GQLPatchSettings", "GQLPatchTransfer", "GQLPatchWatch", "GQLPatchCompletion", "GQLPatchBatch",
                "GQLPatchUndo", "GQLPatchRecords",
                "GQLPatchOperations",
                "GQLPatchSchema",
                "GQLPatchClient", "HTTP",
                "GraphQLSDL",
            ]),
        .executableTarget(
            name: "gqlpatch", dependencies: ["GQLPatchCLI", "GQLPatchSupport", "GQLPatchClient", "HTTP"]),
        // A build tool: prints the manual page (gqlpatch.1) for `make dist` and `make install`.
        .executableTarget(name: "gqlpatch-manual", dependencies: ["GQLPatchCLI"]),
        // Tests mirror the targets: one test target per library target, over two support targets (the
        // seeded generator, which the leaf modules' tests use too; the fakes, fixtures and captured-run
        // harness of the GQLPatch targets).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .target(
            name: "GQLPatchTestSupport",
            dependencies: gqlpatch + ["GraphQLSDL", "AWSSigning"],
            path: "Tests/GQLPatchTestSupport"),
        .testTarget(name: "GraphQLSDLTests", dependencies: ["GraphQLSDL", "TestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
        .testTarget(name: "CSVTests", dependencies: ["CSV", "TestSupport"]),
        .testTarget(name: "AWSSigningTests", dependencies: ["AWSSigning"]),
        .testTarget(name: "CognitoSRPTests", dependencies: ["CognitoSRP", "AWSSigning", "TestSupport"]),
        .testTarget(name: "WebSocketTests", dependencies: ["WebSocket", "AWSSigning", "TestSupport"]),
        testTarget("GQLPatchSupport", below: []),
        testTarget("GQLPatchSchema", below: ["GQLPatchSupport"]),
        testTarget("GQLPatchOperations", below: ["GQLPatchSchema", "GQLPatchSupport", "CSV"]),
        testTarget("HTTP", below: ["GQLPatchSupport", "WebSocket"]),
        testTarget("HTTPDirect", below: ["HTTP", "GQLPatchSupport", "CNet"]),
        testTarget("HTTPCurl", below: ["HTTP", "GQLPatchSupport", "CCurl"]),
        testTarget("GQLPatchClient", below: ["HTTPDirect", "HTTPCurl", "HTTP", "GQLPatchSupport"]),
        testTarget(
            "GQLPatchRecords",
            below: ["GQLPatchOperations", "GQLPatchSchema", "GQLPatchClient", "HTTP", "GQLPatchSupport"]),
        testTarget(
            "GQLPatchUndo",
            below: [
                "GQLPatchRecords", "GQLPatchOperations", "GQLPatchSchema", "GQLPatchClient", "HTTP", "GQLPatchSupport",
            ]),
        testTarget(
            "GQLPatchBatch",
            below: [
                "GQLPatchUndo", "GQLPatchRecords", "GQLPatchOperations", "GQLPatchSchema", "GQLPatchClient", "HTTP",
                "GQLPatchSupport",
            ]),
        testTarget(
            "GQLPatchTransfer",
            below: [
                "GQLPatchBatch", "GQLPatchRecords", "GQLPatchOperations", "GQLPatchSchema", "GQLPatchClient", "HTTP",
                "GQLPatchSupport",
            ]),
        testTarget(
            "GQLPatchWatch",
            below: [
                "GQLPatchRecords", "GQLPatchOperations", "GQLPatchSchema", "GQLPatchClient", "HTTP", "GQLPatchSupport",
            ]),
        testTarget("GQLPatchCompletion", below: ["GQLPatchSchema", "GQLPatchSupport"]),
        testTarget(
            "GQLPatchSettings",
            below: ["GQLPatchOperations", "GQLPatchSchema", "GQLPatchClient", "HTTP", "GQLPatchSupport"]),
        testTarget("GQLPatchCLI", below: Array(gqlpatch.dropFirst())),
        .testTarget(
            name: "EndToEndTests", dependencies: ["JSON"],
            exclude: ["Support/aws_stub_server.py"]),
    ]
)
