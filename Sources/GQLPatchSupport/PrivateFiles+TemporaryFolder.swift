#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PrivateFiles {
    /// Where temporary files go: `$TMPDIR`, else /tmp.
    package static func temporaryBase(_ environment: [String: String]) -> String {
        environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// A new folder only this user may enter (`mkdtemp`, mode 0700), `base/gqlpatch-<name>-XXXXXX`:
    /// its path, or why it could not be made (the caller says what it was for).
    package static func temporaryFolder(in base: String, named name: String) -> Result<String, Failure> {
        var template = Array("\(base)/gqlpatch-\(name)-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            return .failure(Failure(reason: String(cString: strerror(errno))))
        }
        return .success(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Why a temporary folder could not be made (`strerror`).
    package struct Failure: Error, Sendable {
        package var reason: String
    }
}
