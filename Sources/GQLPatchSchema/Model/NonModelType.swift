/// An output object type that is not a model (`type File { bucket: String! key: String! }`).
public struct NonModelType: Sendable {
    public var name: String
    public var fields: [ModelField]

    public init(name: String, fields: [ModelField]) {
        self.name = name
        self.fields = fields
    }
}
