import Foundation
import Synchronization

/// Scratch folders for tests, removed when the test process exits. Swift Testing has no run-wide
/// teardown and a test's own `defer` is easy to forget, so the folders a fixture hands out are
/// registered here and deleted together by one `atexit` handler: a test run leaves nothing in TMPDIR.
package enum ScratchFolders {
    private static let made = Mutex<[URL]?>(nil)

    /// A new empty folder `<TMPDIR>/<prefix>-<UUID>`, removed at exit.
    package static func make(prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        made.withLock { folders in
            if folders == nil { atexit { ScratchFolders.removeAll() } }
            folders = (folders ?? []) + [url]
        }
        return url
    }

    private static func removeAll() {
        for url in made.withLock({ $0 ?? [] }) { try? FileManager.default.removeItem(at: url) }
    }
}
