import GQLPatchTestSupport
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `--shard I/N`: the documented hash (FNV-1a 64 of the record identity), parsing, and an even split.
@Suite struct ApplyShardTests {
    /// Published FNV-1a 64-bit test values.
    @Test(arguments: [
        ("", 0xcbf2_9ce4_8422_2325 as UInt64), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8),
    ])
    func hashIsFNV1a64(text: String, expected: UInt64) {
        #expect(ApplyShard.hash(text) == expected)
    }

    @Test func identitiesOfOneRecordShareAShardAndTheSplitIsEven() {
        var sizes = [0, 0, 0, 0]
        for index in 1...10_000 {
            let identity = #"Item {"id":"item-\#(index)"}"#
            let shard = ApplyShard.shard(of: identity, count: 4)
            sizes[shard - 1] += 1
            #expect(ApplyShard(index: shard, count: 4).contains(identity: identity))
            #expect(!ApplyShard(index: shard % 4 + 1, count: 4).contains(identity: identity))
        }
        #expect(sizes.allSatisfy { (2_250...2_750).contains($0) }, "\(sizes)")
        #expect(ApplyShard.shard(of: "anything", count: 1) == 1)
    }

    @Test(arguments: ["1/1", "2/4", "4/4", "10000/10000"]) func parses(text: String) throws {
        let shard = try #require(ApplyShard(text))
        #expect(shard.description == text)
    }

    @Test(arguments: [
        "", "0/4", "5/4", "1/0", "-1/4", "1/4/2", "a/4", "1/", "/4", "+1/4", "1/10001", " 1/4",
        "1/99999999999999999999",
    ])
    func refuses(text: String) {
        #expect(ApplyShard(text) == nil)
    }

    @Test func eachShardHasItsOwnJournal() {
        #expect(ApplyShard(index: 2, count: 4).journalPath("run.journal") == "run.journal.shard-2-of-4")
    }
}
