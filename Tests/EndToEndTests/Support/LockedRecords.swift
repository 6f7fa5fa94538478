import Foundation
import JSON

/// Items by id behind a lock, for stateful scripted servers (their handler runs on the server's thread).
final class LockedRecords: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var records: [String: JSONObject] = [:]
    private var updateCount = 0

    func seed(_ record: JSONObject) {
        lock.withLock { records[record["id"]?.stringValue ?? ""] = record }
    }

    func get(_ id: String) -> JSONValue {
        lock.withLock { records[id].map(JSONValue.object) ?? .null }
    }

    /// Merges `input` into its record and returns the result; counts the updates.
    func update(_ input: JSONObject) -> JSONObject {
        lock.withLock {
            updateCount += 1
            let id = input["id"]?.stringValue ?? ""
            var record = records[id] ?? JSONObject()
            for (name, value) in input { record[name] = value }
            records[id] = record
            return record
        }
    }

    func updates() -> Int { lock.withLock { updateCount } }
}
