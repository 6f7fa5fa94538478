/// The string helpers of the Amplify GraphQL transformer (`graphql-transformer-common` `util.ts`)
/// and the default operation and type names built from them.
package enum AmplifyNaming {
    /// Upper-cases the first character only.
    package static func upperFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// Lower-cases the first character only.
    package static func lowerFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    /// `toCamelCase`: drops empty words, lower-cases the first character of the first word,
    /// upper-cases the first character of every later word, joins with nothing.
    package static func camelCase(_ words: [String]) -> String {
        let nonEmpty = words.filter { !$0.isEmpty }
        guard let first = nonEmpty.first else { return "" }
        return lowerFirst(first) + nonEmpty.dropFirst().map(upperFirst).joined()
    }

    /// `toPascalCase`: upper-cases the first character of every word, joins with nothing.
    package static func pascalCase(_ words: [String]) -> String {
        words.map(upperFirst).joined()
    }

    /// The default operation names of a model (`getTodo`, `listTodos`, `syncTodos`, `createTodo`, ...).
    package static func getName(_ model: String) -> String { camelCase(["get", model]) }
    package static func listName(_ model: String) -> String { camelCase(["list", Pluralizer.plural(model)]) }
    /// The v1 transformer's list name: `"list" + upperFirst(Model) + "s"`, or with `improvepluralization`
    /// the pluralizer's plural (`graphql-dynamodb-transformer` `plurality(toUpper(name), improvePluralization)`).
    package static func v1ListName(_ model: String, improvePluralization: Bool) -> String {
        "list" + (improvePluralization ? upperFirst(Pluralizer.plural(model)) : upperFirst(model) + "s")
    }
    package static func syncName(_ model: String) -> String { camelCase(["sync", Pluralizer.plural(model)]) }
    package static func createName(_ model: String) -> String { camelCase(["create", model]) }
    package static func updateName(_ model: String) -> String { camelCase(["update", model]) }
    package static func deleteName(_ model: String) -> String { camelCase(["delete", model]) }

    package static func createInputName(_ model: String) -> String { pascalCase(["Create", model, "Input"]) }
    package static func updateInputName(_ model: String) -> String { pascalCase(["Update", model, "Input"]) }
    package static func deleteInputName(_ model: String) -> String { pascalCase(["Delete", model, "Input"]) }
    package static func conditionInputName(_ model: String) -> String {
        pascalCase(["Model", model, "ConditionInput"])
    }
    package static func filterInputName(_ model: String) -> String { pascalCase(["Model", model, "FilterInput"]) }
    package static func subscriptionFilterInputName(_ model: String) -> String {
        pascalCase(["ModelSubscription", model, "FilterInput"])
    }
    package static func connectionName(_ model: String) -> String { pascalCase(["Model", model, "Connection"]) }
    /// `Address` -> `AddressInput`.
    package static func nonModelInputName(_ type: String) -> String { upperFirst(type) + "Input" }

    /// The scalar a field's filter input is named after (`DEFAULT_SCALARS`): AWS string-like scalars
    /// map to `String`, `AWSTimestamp`/`BigInt` to `Int`, `Double` to `Float`; custom scalars to `String`.
    package static func filterScalar(_ scalar: String) -> String {
        switch scalar {
        case "ID", "String", "Int", "Float", "Boolean": return scalar
        case "AWSTimestamp", "BigInt": return "Int"
        case "Double": return "Float"
        default: return "String"
        }
    }

    /// The scalar of a sort-key condition input (`Model<S>KeyConditionInput`, S in String/ID/Int/Float);
    /// `nil` for a Boolean, which cannot be a sort key. Enums map to `String`.
    package static func keyConditionScalar(_ scalar: String, isEnum: Bool) -> String? {
        if isEnum { return "String" }
        let mapped = filterScalar(scalar)
        return mapped == "Boolean" ? nil : mapped
    }
}
