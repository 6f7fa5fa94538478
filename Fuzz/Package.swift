// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for gqlpatch's parsers and readers: one executable per target. SwiftPM links an
// executable with `main` defined as its own `<Target>_main`, so libFuzzer's main() is never used:
// each target's main.swift calls libFuzzer's `LLVMFuzzerRunDriver` (through the small C target
// FuzzDriver) with its test function. Built by `make fuzz`:
//   swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing
// (`-enable-testing` lets FuzzSDLLexer reach the internal Lexer, FuzzApplyLine the internal BatchLineParser and FuzzJournal the internal BatchJournal; FuzzUndoLog reads the undo log as `undo` does). Not part of `make test`.
let fuzzTargets = [
    "FuzzSDLLexer", "FuzzSDLParser", "FuzzSchemaCatalogue", "FuzzJSON", "FuzzResponseClassifier", "FuzzValueTyper",
    "FuzzAmplifyConfig", "FuzzAWSConfigFile", "FuzzApplyLine", "FuzzJournal", "FuzzHeaderValue", "FuzzCognitoAnswer",
    "FuzzTokenCacheFile", "FuzzWebSocketFrames", "FuzzRealtimeMessage", "FuzzCSVReader", "FuzzUndoLog",
]

let package = Package(
    name: "gqlpatch-fuzz",
    dependencies: [.package(name: "gqlpatch", path: "..")],
    targets: [.target(name: "FuzzDriver")]
        + fuzzTargets.map { name in
            .executableTarget(
                name: name, dependencies: ["FuzzDriver", .product(name: "GQLPatch", package: "gqlpatch")])
        }
)
