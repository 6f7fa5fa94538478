/// One fenced example of README.md: a ```sh block (a shell script) or a ```console block
/// (`$ command` lines, each followed by the output it prints). Blocks without a language (usage
/// synopses, the layout) are not examples.
struct ReadmeExample: CustomStringConvertible, Sendable {
    enum Kind: String, Sendable { case sh, console }

    var kind: Kind
    /// 1-based line of the opening fence, for messages.
    var line: Int
    var body: String

    var description: String { "README.md:\(line) (\(kind.rawValue))" }

    /// The block's first line that is not a comment: the key of an exclusion.
    var firstCommand: String {
        body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty && !$0.hasPrefix("#") } ?? ""
    }

    /// For a console block: the commands (without `$ `) and the output each is shown to print.
    var consoleSteps: [(command: String, output: String)] {
        var steps: [(command: String, output: String)] = []
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("$ ") {
                steps.append((String(line.dropFirst(2)), ""))
            } else if !steps.isEmpty {
                steps[steps.count - 1].output += line + "\n"
            }
        }
        return steps.map { ($0.command, $0.output.trimmingCharacters(in: .newlines)) }
    }

    /// Every ```sh and ```console block of `markdown`, in order.
    static func all(in markdown: String) -> [ReadmeExample] {
        var examples: [ReadmeExample] = []
        var open: (kind: Kind?, line: Int, lines: [Substring])?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let block = open {
                    if let kind = block.kind {
                        examples.append(
                            ReadmeExample(kind: kind, line: block.line, body: block.lines.joined(separator: "\n")))
                    }
                    open = nil
                } else {
                    open = (
                        Kind(rawValue: String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)), index + 1, []
                    )
                }
            } else {
                open?.lines.append(line)
            }
        }
        return examples
    }
}
