import Foundation
import JSON

/// The items an emulator started with `--db FILE` holds, read from its SQLite file as stored:
/// an attribute the resolver removed is absent, not null (which no GraphQL read can tell).
enum StoredItems {
    /// Each stored item of `model` by its key's JSON text.
    static func read(_ database: String, model: String) throws -> [String: JSONObject] {
        let script = """
            import json, sqlite3, sys
            db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
            for key, item in db.execute('SELECT key, item FROM "model_' + sys.argv[2] + '"'):
                print(json.dumps({"key": key, "item": json.loads(item)}))
            """
        let result = try CommandRunner.run(TestPaths.python, ["-c", script, database, model])
        guard result.status == 0 else { throw HarnessError("reading \(database) failed: \(result.stderr)") }
        var items: [String: JSONObject] = [:]
        for line in result.stdout.split(separator: "\n") {
            let row = try JSONValue.parse(String(line))
            guard let key = row["key"]?.stringValue, let item = row["item"]?.objectValue else { continue }
            items[key] = item
        }
        return items
    }

    /// An item without the fields every write moves (`updatedAt`, the sync fields).
    static func content(_ item: JSONObject) -> JSONObject {
        var item = item
        for name in ["updatedAt", "_version", "_lastChangedAt"] { item[name] = nil }
        return item
    }
}
