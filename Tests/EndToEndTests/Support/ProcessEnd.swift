import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a process is gone or a zombie within 5 s.
enum ProcessEnd {
    static func endsSoon(_ pid: pid_t) -> Bool {
        for _ in 0..<500 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            if let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] == "Z" { return true }
            usleep(10_000)
        }
        return false
    }
}
