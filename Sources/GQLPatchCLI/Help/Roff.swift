/// A roff (man macro) document being written, and the reading of help-text layout into it.
package struct Roff {
    package private(set) var output = ""

    /// A request or a raw roff line.
    package mutating func line(_ text: String) { output += text + "\n" }

    /// Running text, escaped.
    package mutating func text(_ text: String) { output += Roff.escape(text) + "\n" }

    /// Escapes text for roff: backslashes, hyphens (minus signs in options), and a leading `.` or `'`
    /// that would otherwise be read as a request.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            default: escaped.append(character)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }

    /// Splits a list line into its columns: runs of text separated by two or more spaces.
    package static func columns(of line: Substring) -> [Substring] {
        var columns: [Substring] = []
        var start: Substring.Index?
        var spaces = 0
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == " " {
                spaces += 1
            } else {
                if start == nil {
                    start = index
                } else if spaces >= 2 {
                    columns.append(line[start!..<line.index(index, offsetBy: -spaces)])
                    start = index
                }
                spaces = 0
            }
            index = line.index(after: index)
        }
        if let start { columns.append(line[start..<line.index(line.endIndex, offsetBy: -spaces)]) }
        return columns
    }

    private static func indent(of line: Substring) -> Int { line.prefix { $0 == " " }.count }

    /// Renders one help text: a leading `Usage:` line as the synopsis, headed lists as tagged
    /// paragraphs (examples as literal lines), everything else as paragraphs. With `headed: false`
    /// the text is one list without a heading line.
    package mutating func block(_ help: String, headed: Bool = true) {
        var paragraph: [String] = []
        var inList = !headed
        var examples = false
        var open = false  // a tagged paragraph whose description may continue

        func flush() {
            if !paragraph.isEmpty {
                line(".PP")
                text(paragraph.joined(separator: " "))
                paragraph = []
            }
        }
        for raw in help.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = Roff.indent(of: raw)
            let content = raw.dropFirst(indent)
            if content.isEmpty {
                flush()
                inList = !headed
                open = false
                if examples {
                    line(".fi")
                    line(".RE")
                    examples = false
                }
                continue
            }
            if indent == 0, content.hasSuffix(":"), !content.contains("  ") {
                flush()
                if examples {
                    line(".fi")
                    line(".RE")
                }
                line(".PP")
                line(".B \(Roff.escape(String(content)))")
                inList = true
                examples = content == "Examples:"
                open = false
                if examples {
                    line(".RS 4")
                    line(".nf")
                }
                continue
            }
            if examples {
                text(String(content))
                continue
            }
            if inList, indent == 2 {
                let columns = Roff.columns(of: content)
                line(".TP")
                line(".B \(Roff.escape(String(columns[0])))")
                if columns.count > 1 { text(columns.dropFirst().joined(separator: "  ")) }
                open = true
                continue
            }
            if inList, open, indent > 2 {
                text(String(content))
                continue
            }
            paragraph.append(String(content))
        }
        flush()
        if examples {
            line(".fi")
            line(".RE")
        }
    }
}
