extension JSONObject: ExpressibleByDictionaryLiteral {
    /// `["a": 1, "b": true]`; keys keep the literal's order, a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}

extension JSONObject: CustomStringConvertible {
    /// The object as compact JSON text.
    public var description: String { JSONValue.object(self).serialized() }
}
