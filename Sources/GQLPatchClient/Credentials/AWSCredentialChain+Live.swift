import FoundationEssentials
import GQLPatchSupport
import HTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AWSCredentialChain {
    /// A chain over the real process: its environment, `HOME`, the run's file system, `/bin/sh` for
    /// `credential_process` and the system clock.
    package static func live(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        profile: String? = nil,
        region: String? = nil,
        files: FileSystem,
        transport: any HTTPTransport,
        wording: any InputWording
    ) -> AWSCredentialChain {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? passwordFileHome()
        return AWSCredentialChain(
            environment: environment,
            profile: profile,
            region: region,
            home: home,
            transport: transport,
            files: files,
            runProcess: ShellProcessRunner.run,
            clock: { Int(Date().timeIntervalSince1970) },
            wording: wording
        )
    }

    /// The current user's home directory from the password database, or `/` when it has none.
    private static func passwordFileHome() -> String {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &found) == 0, found != nil,
            let directory = entry.pw_dir
        else { return "/" }
        let path = String(cString: directory)
        return path.isEmpty ? "/" : path
    }
}
