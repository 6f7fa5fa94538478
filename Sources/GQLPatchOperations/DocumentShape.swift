import GQLPatchSchema

/// Everything a document's text is written from (not its variables): the key of `DocumentMemo`.
/// Compared field by field, cheapest first; a batch passes one selection array, so comparing the
/// selection is an identity check in the common case.
struct DocumentShape: Sendable, Equatable {
    var wrapsInList: Bool
    var kind: String
    var name: String
    var field: String
    var arguments: [OperationArgument]
    var selection: SelectionSet

    /// `kind name(args) { field(args) selection }`, built as bytes: `String` appends cost far more.
    func document() -> String {
        var text: [UInt8] = []
        text.reserveCapacity(
            64 + name.utf8.count + field.utf8.count + 16 * selection.fields.count + 48 * arguments.count)
        text.append(contentsOf: kind.utf8)
        text.append(UInt8(ascii: " "))
        text.append(contentsOf: name.utf8)
        if !arguments.isEmpty {
            text.append(UInt8(ascii: "("))
            for (position, argument) in arguments.enumerated() {
                if position > 0 { text.append(contentsOf: ", ".utf8) }
                text.append(UInt8(ascii: "$"))
                text.append(contentsOf: argument.name.utf8)
                text.append(contentsOf: ": ".utf8)
                text.append(contentsOf: argument.type.description.utf8)
            }
            text.append(UInt8(ascii: ")"))
        }
        text.append(contentsOf: " { ".utf8)
        text.append(contentsOf: field.utf8)
        if !arguments.isEmpty {
            text.append(UInt8(ascii: "("))
            for (position, argument) in arguments.enumerated() {
                if position > 0 { text.append(contentsOf: ", ".utf8) }
                text.append(contentsOf: argument.name.utf8)
                text.append(contentsOf: ": $".utf8)
                text.append(contentsOf: argument.name.utf8)
            }
            text.append(UInt8(ascii: ")"))
        }
        text.append(UInt8(ascii: " "))
        if wrapsInList {
            text.append(contentsOf: "{ items ".utf8)
            selection.render(into: &text)
            text.append(contentsOf: " nextToken }".utf8)
        } else {
            selection.render(into: &text)
        }
        text.append(contentsOf: " }".utf8)
        return String(decoding: text, as: UTF8.self)
    }
}
