import Foundation
import Testing

/// Each target's tests import only that target and those below it: what a target's own sources
/// import, followed down, is what its tests may reach (and the test supports). Read from the
/// files, so a test that reaches up (a lower layer's test through the command line) fails here.
@Suite struct TestLayeringTests {
    /// The modules `folder`'s Swift files import.
    static func imports(under folder: URL) throws -> [(file: String, module: String)] {
        let files =
            FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") } ?? []
        var found: [(String, String)] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let match = line.firstMatch(of: #/^(?:@testable )?import (\w+)$/#) else { continue }
                found.append((file, String(match.1)))
            }
        }
        return found
    }

    @Test func everyTestImportsItsTargetAndThoseBelowOnly() throws {
        let root = try CommandLineSpellingTests.repositoryRoot()
        let sources = root.appendingPathComponent("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }
        var below: [String: Set<String>] = [:]
        for target in targets {
            below[target] = Set(try Self.imports(under: sources.appendingPathComponent(target)).map(\.module))
        }
        func reach(_ target: String) -> Set<String> {
            var seen: Set<String> = [target]
            var stack = [target]
            while let next = stack.popLast() {
                for module in below[next] ?? [] where targets.contains(module) && !seen.contains(module) {
                    seen.insert(module)
                    stack.append(module)
                }
            }
            return seen
        }
        let tests = root.appendingPathComponent("Tests")
        var checked = 0
        var found: [String] = []
        for target in targets.sorted() {
            let folder = tests.appendingPathComponent(target + "Tests")
            guard FileManager.default.fileExists(atPath: folder.path) else { continue }
            let allowed = reach(target)
            for (file, module) in try Self.imports(under: folder) {
                checked += 1
                if targets.contains(module), !allowed.contains(module) {
                    found.append("\(target)Tests/\(file) imports \(module)")
                }
            }
        }
        #expect(checked > 500, "the tests' imports were read")
        #expect(found.isEmpty, "tests reach above their target:\n\(found.joined(separator: "\n"))")
    }

    /// A test folder is named after the source folder whose code it tests (a target's root otherwise).
    @Test func everyTestFolderIsASourceFolder() throws {
        let root = try CommandLineSpellingTests.repositoryRoot()
        let tests = root.appendingPathComponent("Tests")
        var found: [String] = []
        var read = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: tests.path)
        where name.hasPrefix("GQLPatch") && name.hasSuffix("Tests") {
            let target = String(name.dropLast("Tests".count))
            let folder = tests.appendingPathComponent(name)
            let entries = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for entry in entries {
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(entry).path, isDirectory: &isFolder)
                guard isFolder.boolValue else { continue }
                read += 1
                let source = root.appendingPathComponent("Sources/\(target)/\(entry)").path
                if !FileManager.default.fileExists(atPath: source) { found.append("\(name)/\(entry)") }
            }
        }
        #expect(read > 5, "the test folders were read")
        #expect(found.isEmpty, "test folders with no source folder of that name:\n\(found.joined(separator: "\n"))")
    }
}
