import GQLPatchTestSupport
import Testing

@testable import GQLPatchSupport

@Suite struct FilePathTextTests {
    @Test(arguments: [
        ("a/b/c.graphql", "a/b"), ("c.graphql", "."), ("/c.graphql", "/"), ("/x/y/", "/x"), ("./s.graphql", "."),
        ("/", "/"),
    ])
    func directory(path: String, folder: String) {
        #expect(FilePathText.directory(of: path) == folder)
    }

    @Test(arguments: [
        ("/w", "a.json", "/w/a.json"), ("/w/", "a.json", "/w/a.json"), (".", "a.json", "./a.json"),
        ("", "a.json", "/a.json"),
    ])
    func join(directory: String, name: String, path: String) {
        #expect(FilePathText.join(directory, name) == path)
    }
}
