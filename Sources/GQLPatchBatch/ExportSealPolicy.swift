import GQLPatchOperations
import GQLPatchSupport

/// How a batch's input is held to its export seal (`ExportSealCheck`): a file that starts as an
/// export and was cut short or changed is refused at its end, in words that say what happened and
/// what to do, unless the run was told to read it anyway.
package struct ExportSealPolicy: Sendable {
    /// Read a file cut short or changed after all.
    package var allowIncomplete: Bool
    /// Whether the whole input is read before anything is sent (a file), so a refusal sent nothing.
    package var checkedFirst: Bool
    /// An empty input is refused too (`import`: an export is never empty; `apply` may be given nothing).
    package var refusesEmpty = false
    package var wording: any InputWording

    package init(allowIncomplete: Bool, checkedFirst: Bool, wording: any InputWording) {
        self.allowIncomplete = allowIncomplete
        self.checkedFirst = checkedFirst
        self.wording = wording
    }

    /// Throws the refusal of `verdict` for the input `name` (65), or returns when it may be read.
    package func check(_ verdict: ExportSealVerdict, input name: String) throws(GQLPatchError) {
        if case .unknownFormat(let format) = verdict {
            throw .invalidInput(
                "\(name) is an export of format \(format), which this gqlpatch does not read (it reads format \(ExportHeader.format)); read it with the gqlpatch that wrote it, or a newer one"
            )
        }
        if verdict == .empty, !refusesEmpty { return }
        guard !allowIncomplete, let problem = Self.problem(verdict, input: name) else { return }
        guard checkedFirst else {
            throw .invalidInput(
                "\(problem); the lines it holds were applied (see the output): apply the whole export again")
        }
        throw .invalidInput(
            "\(problem); nothing was written. Export again, or give \(wording.name(.allowIncomplete)) to write the lines it holds"
        )
    }

    /// What is wrong with the input `name`, in words; nil when nothing is.
    package static func problem(_ verdict: ExportSealVerdict, input name: String) -> String? {
        switch verdict {
        case .whole, .unsealed: return nil
        case .empty: return "\(name) is empty: an export holds at least its first and last lines"
        case .unknownFormat(let format): return "\(name) is an export of format \(format)"
        case .cutShort(let lines):
            return
                "\(name) was cut short: it starts as an export but has no end line (\(lines) line\(lines == 1 ? "" : "s") after the first): the export did not finish, or the file lost its end"
        case .changed(.lineCount(let expected, let found)):
            return
                "\(name) is not the file its export wrote: its end line counts \(expected) line\(expected == 1 ? "" : "s"), and \(found) \(found == 1 ? "is" : "are") there"
        case .changed(.digest):
            return
                "\(name) is not the file its export wrote: its lines differ from the ones its end line digests (edited or damaged)"
        case .changed(.afterEnd(let line)):
            return "\(name) has lines after its export's end line (line \(line)): two files joined, or lines added"
        case .changed(.damagedHeader):
            return "\(name) line 1, the export's first line, is damaged (cut inside it, or edited)"
        case .changed(.damagedEnd(let line)):
            return "\(name) line \(line), the export's end line, is damaged (cut inside it, or edited)"
        }
    }
}
