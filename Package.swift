// swift-tools-version:6.0
import PackageDescription

// Module graph (arrows point at what a target may import; nothing points back):
//   gqlpatch (executable) -> GQLPatch -> GraphQLSDL, JSON, AWSSigning, CCurl
// GraphQLSDL, JSON and AWSSigning stand alone and import nothing of ours. CCurl loads the system's
// libcurl (what FoundationNetworking is built on) on the first request, for the transport.
let package = Package(
    name: "gqlpatch",
    products: [
        .executable(name: "gqlpatch", targets: ["gqlpatch"]),
        .library(name: "GQLPatch", targets: ["GQLPatch"]),
    ],
    targets: [
        .target(name: "GraphQLSDL"),
        .target(name: "JSON"),
        .target(name: "AWSSigning"),
        .target(name: "CCurl"),
        .target(name: "GQLPatch", dependencies: ["GraphQLSDL", "JSON", "AWSSigning", "CCurl"]),
        .executableTarget(name: "gqlpatch", dependencies: ["GQLPatch"]),
        // A build tool: prints the manual page (gqlpatch.1) for `make dist` and `make install`.
        .executableTarget(name: "gqlpatch-manual", dependencies: ["GQLPatch"]),
        .testTarget(name: "GraphQLSDLTests", dependencies: ["GraphQLSDL"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "AWSSigningTests", dependencies: ["AWSSigning"]),
        .testTarget(name: "GQLPatchTests", dependencies: ["GQLPatch", "GraphQLSDL", "JSON", "AWSSigning", "CCurl"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["JSON"],
            exclude: ["Support/aws_stub_server.py"]),
    ]
)
