import GQLPatchSchema
import Synchronization

/// The last document `DocumentBuilder` wrote, and what it was written from: a batch builds the same
/// document for every line of a model (only the variables change), and writing its text again cost
/// more per record than the rest of the request. The inputs are compared, not hashed: the selection
/// a batch passes is one array, so the comparison is an identity check in the common case.
final class DocumentMemo: Sendable {
    struct Entry: Sendable {
        var kind: String
        var name: String
        var field: String
        var arguments: [OperationArgument]
        var selection: SelectionSet
        var wrapsInList: Bool
        var text: String

        func matches(
            kind: String, name: String, field: String, arguments: [OperationArgument], selection: SelectionSet,
            wrapsInList: Bool
        ) -> Bool {
            self.wrapsInList == wrapsInList && self.kind == kind && self.name == name && self.field == field
                && self.arguments == arguments && self.selection == selection
        }
    }

    static let shared = DocumentMemo()

    private let last = Mutex<Entry?>(nil)

    /// The text for these inputs: the remembered one when they match, else `write()`'s, remembered.
    func text(
        kind: String, name: String, field: String, arguments: [OperationArgument], selection: SelectionSet,
        wrapsInList: Bool, write: () -> String
    ) -> String {
        if let entry = last.withLock({ $0 }),
            entry.matches(
                kind: kind, name: name, field: field, arguments: arguments, selection: selection,
                wrapsInList: wrapsInList)
        {
            return entry.text
        }
        let text = write()
        let entry = Entry(
            kind: kind, name: name, field: field, arguments: arguments, selection: selection,
            wrapsInList: wrapsInList, text: text)
        last.withLock { $0 = entry }
        return text
    }
}
