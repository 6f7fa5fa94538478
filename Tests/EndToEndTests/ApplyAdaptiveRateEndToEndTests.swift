import Foundation
import JSON
import Testing

/// `apply --rate auto` against an emulator behind a token bucket (`--bucket RATE:BURST`: HTTP 429
/// beyond it, as AppSync answers a backfill faster than the table's capacity).
@Suite struct ApplyAdaptiveRateEndToEndTests {
    @Test func autoSettlesAtTheBucketsCapacityAndAppliesEveryLineOnce() throws {
        let capacity = 40.0
        let count = 240
        let emulator = try Emulator(arguments: [
            "--api-key", Emulator.apiKey, "--bucket", "\(Int(capacity)):10", "--log-times",
        ])
        defer { emulator.stop() }
        var input = ""
        for index in 1...count {
            input += #"{"op":"create","model":"Item","key":{"id":"c-\#(index)"},"set":{"name":"C \#(index)"}}"# + "\n"
        }
        let path = try emulator.file("in.jsonl", input)
        let result = try emulator.gqlpatch(["apply", path, "-j", "8", "--rate", "auto", "--max-attempts", "5"])
        #expect(result.status == 0, "\(result)")
        let lines = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(lines.count == count)
        #expect(Set(lines.compactMap { $0["line"]?.intValue }) == Set(1...count))
        #expect(lines.allSatisfy { $0["status"] == "created" }, "\(result.stdout.prefix(2000))")

        // Per record: the tries the emulator saw, and the ones that got through.
        let requests = try emulator.requests()
        var tries: [String: Int] = [:]
        var applied: [String: Int] = [:]
        var acceptedAt: [Double] = []
        for request in requests {
            let id = request["body"]?["variables"]?["input"]?["id"]?.stringValue ?? "?"
            tries[id, default: 0] += 1
            if request["status"] == 200 {
                applied[id, default: 0] += 1
                if let time = request["at"]?.doubleValue { acceptedAt.append(time) }
            }
        }
        #expect(applied.count == count && applied.values.allSatisfy { $0 == 1 }, "every line applied exactly once")
        #expect(
            tries.values.allSatisfy { $0 <= 5 }, "no line tried more than --max-attempts: \(tries.values.max() ?? 0)")
        let throttled = requests.filter { $0["status"] == 429 }.count
        #expect(throttled > 0, "the run met the bucket")
        #expect(Double(throttled) <= 0.2 * Double(requests.count), "\(throttled) of \(requests.count) throttled")
        // The rate it settled at: the accepted requests of the second half of the run, per second.
        // The bucket allows at most its capacity (plus what it saved up); the law must come near it.
        let half = Array(acceptedAt.sorted().suffix(count / 2))
        let settled = Double(half.count - 1) / max(half.last! - half.first!, 1e-9)
        #expect(settled >= 0.6 * capacity && settled <= 1.3 * capacity, "settled at \(settled) a second")
        #expect(result.stderr.contains("gqlpatch: apply: done: \(count) lines in "), "\(result.stderr)")
    }
}
