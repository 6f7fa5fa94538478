import Synchronization

/// The last document `DocumentBuilder` wrote, with the shape it was written from: a batch builds the
/// same document for every line of a model (only the variables change), and writing its text again
/// cost more per record than the rest of the request.
final class DocumentMemo: Sendable {
    static let shared = DocumentMemo()

    private let last = Mutex<(shape: DocumentShape, text: String)?>(nil)

    /// The text of `shape`: the remembered one when the shape is the last one's, else written now.
    func text(of shape: DocumentShape) -> String {
        if let entry = last.withLock({ $0 }), entry.shape == shape { return entry.text }
        let text = shape.document()
        last.withLock { $0 = (shape, text) }
        return text
    }
}
