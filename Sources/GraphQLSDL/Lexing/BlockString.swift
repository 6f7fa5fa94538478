/// The block string value algorithm of the GraphQL spec (BlockStringValue).
enum BlockString {
    /// Turns the raw text between `"""` delimiters (with `\"""` already replaced) into the value:
    /// splits it into lines at `\r\n`, `\n` or `\r`; removes the common indentation of every line
    /// but the first (counted over lines that are not all spaces and tabs); drops leading and
    /// trailing blank lines; joins the rest with `\n`.
    static func value(ofRawLines raw: [UInt8]) -> String {
        // Line ranges.
        var lines: [Range<Int>] = []
        var start = 0
        var p = 0
        let count = raw.count
        while p < count {
            let c = raw[p]
            if c == Ascii.newline {
                lines.append(start..<p)
                p += 1
                start = p
            } else if c == Ascii.carriageReturn {
                lines.append(start..<p)
                p += 1
                if p < count, raw[p] == Ascii.newline { p += 1 }
                start = p
            } else {
                p += 1
            }
        }
        lines.append(start..<count)

        // Common indentation of the lines after the first, ignoring blank lines.
        var commonIndent: Int?
        for range in lines.dropFirst() {
            let indent = leadingWhitespace(raw, range)
            if indent < range.count, commonIndent.map({ indent < $0 }) ?? true {
                commonIndent = indent
            }
        }
        if let commonIndent, commonIndent > 0 {
            for i in lines.indices.dropFirst() {
                let range = lines[i]
                lines[i] = min(range.lowerBound + commonIndent, range.upperBound)..<range.upperBound
            }
        }

        // Drop blank lines at both ends.
        var first = 0
        var last = lines.count - 1
        while first <= last, leadingWhitespace(raw, lines[first]) == lines[first].count { first += 1 }
        while last >= first, leadingWhitespace(raw, lines[last]) == lines[last].count { last -= 1 }
        guard first <= last else { return "" }

        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        for i in first...last {
            if i > first { result.append(Ascii.newline) }
            result.append(contentsOf: raw[lines[i]])
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The number of spaces and tabs at the start of `range`.
    private static func leadingWhitespace(_ raw: [UInt8], _ range: Range<Int>) -> Int {
        var p = range.lowerBound
        while p < range.upperBound, raw[p] == Ascii.space || raw[p] == Ascii.tab { p += 1 }
        return p - range.lowerBound
    }
}
