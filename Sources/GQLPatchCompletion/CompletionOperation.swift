/// One custom query or mutation as completion sees it (`call`): its name and its arguments.
public struct CompletionOperation: Sendable, Equatable {
    public struct Argument: Sendable, Equatable {
        public var name: String
        /// The enum whose values complete `NAME=`; nil for another type.
        public var enumType: String?
        /// Given as JSON (`NAME:=`): an input object, a list, `AWSJSON`.
        public var json: Bool

        public init(name: String, enumType: String? = nil, json: Bool = false) {
            self.name = name
            self.enumType = enumType
            self.json = json
        }
    }

    public var name: String
    public var arguments: [Argument]

    public init(name: String, arguments: [Argument]) {
        self.name = name
        self.arguments = arguments
    }
}
