import Foundation
import Testing

/// `apply` streams its input: memory stays flat however long standard input is. The test keeps
/// gqlpatch alive on an open pipe, feeds it 50,000 lines, waits until (nearly) all are answered, and
/// reads the process's peak resident memory (VmHWM) before closing the pipe. A release build runs
/// 1,000,000 lines (142 MB) in about 35 MB; the limit here is the issue's 64 MB.
@Suite struct HugeApplyInputEndToEndTests {
    static let lines = 50_000
    static let limitKB = 64 * 1024
    /// Lines the reader may still hold in its last chunk while the pipe is open.
    static let slack = 2_000

    @Test func memoryStaysFlatOnALongStreamedInput() throws {
        try TestPaths.requireTools()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.binary)
        process.arguments = ["--schema", TestPaths.schema, "--dry-run", "apply", "-"]
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()

        let counted = DispatchSemaphore(value: 0)
        // The readers say when they reached the end, so their counts are read only after that.
        let readersDone = DispatchGroup()
        nonisolated(unsafe) var outputLines = 0
        DispatchQueue.global().async(group: readersDone) {
            let handle = output.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                outputLines += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                if outputLines >= Self.lines - Self.slack { counted.signal() }
            }
        }
        nonisolated(unsafe) var errorText = Data()
        DispatchQueue.global().async(group: readersDone) {
            errorText = errors.fileHandleForReading.readDataToEndOfFile()
        }

        var batch = ""
        for number in 1...Self.lines {
            batch +=
                #"{"op":"update","model":"Item","key":{"id":"item-\#(number)"},"set":{"name":"Lamp \#(number)","tags":["a","b"]}}"#
            batch += "\n"
            if number % 1_000 == 0 {
                input.fileHandleForWriting.write(Data(batch.utf8))
                batch = ""
            }
        }
        let finished = counted.wait(timeout: .now() + 120)
        #expect(finished == .success, "gqlpatch printed \(outputLines) of \(Self.lines) lines with the pipe open")
        let peak = Self.peakResidentKB(of: process.processIdentifier)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(readersDone.wait(timeout: .now() + 60) == .success, "the output readers did not reach the end")
        #expect(process.terminationStatus == 0, "\(String(decoding: errorText, as: UTF8.self))")
        #expect(outputLines == Self.lines)
        let peakKB = try #require(peak, "no VmHWM in /proc/\(process.processIdentifier)/status")
        #expect(peakKB < Self.limitKB, "peak resident memory \(peakKB) kB for \(Self.lines) streamed lines")
    }

    /// VmHWM (peak resident set) of a live process, in kB.
    static func peakResidentKB(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }
}
