/// Writes records in a dialect: CSV quotes a field holding a comma, a quote, a carriage return or a
/// line feed (its quotes doubled) and ends records with CRLF; TSV writes fields as they are and
/// refuses one holding a tab, a carriage return or a line feed, which it cannot carry.
public enum CSVWriter {
    /// The bytes of one record, its end included; for TSV, the position (0-based) of the first field
    /// it cannot carry is thrown. `first`: the record starts the file, where a reader skips a
    /// byte-order mark, so a first field starting with U+FEFF is quoted (CSV) or cannot be written (TSV).
    public static func record(_ fields: [String], dialect: CSVDialect, first: Bool = false) throws(CSVUnwritable)
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(dialect.separator) }
            let utf8 = field.utf8
            let leadingMark = first && index == 0 && field.unicodeScalars.first == "\u{FEFF}"
            switch dialect {
            case .csv:
                let quote = UInt8(ascii: "\"")
                if leadingMark
                    || utf8.contains(where: { $0 == quote || $0 == UInt8(ascii: ",") || $0 == 0x0A || $0 == 0x0D })
                {
                    bytes.append(quote)
                    for byte in utf8 {
                        if byte == quote { bytes.append(quote) }
                        bytes.append(byte)
                    }
                    bytes.append(quote)
                } else {
                    bytes.append(contentsOf: utf8)
                }
            case .tsv:
                if leadingMark || utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                    throw CSVUnwritable(field: index)
                }
                bytes.append(contentsOf: utf8)
            }
        }
        bytes.append(contentsOf: dialect.recordEnd)
        return bytes
    }
}
