import GQLPatchSchema

/// Compares a catalogue read from a source schema (or model introspection) with the one read from the
/// schema the transformer compiled, on what gqlpatch sends: the models, key fields, versioning
/// (`isVersioned`, `fieldVersioning`), operation and input names, the arguments of get and list, and the
/// fields (with types) of the create, update and delete inputs. (Output fields are checked through the
/// planned updates' selections, which graphql-core validates.)
///
/// The older-compiler rules: a source cannot say which transformer compiled it, and older ones did not
/// generate all that today's do. Each of these is a difference marked `oldCompiler`: printed, never failed.
/// - `createdAt`/`updatedAt` (today on every model): where no model of the compiled schema has both,
///   their absence (from inputs, and from the types the planned selection asks for).
/// - the mutations' `condition` argument and its input (today on every mutation): where no update
///   mutation takes `condition`, its absence; there, too, an `id: ID` missing from a create input and a
///   non-model object field (`fullsize: PhotoS3InfoInput!`) missing from an input (the transformers of
///   2018-2019 left both out).
/// - an owner rule's undeclared field (`owner: String`): today's transformers append it to the type (v1
///   and v2), and v2's to the filter and condition inputs too (Gen 2's compiled schemas, the newer Gen 1
///   ones). Its absence from a v1 type (v1 transformers until 2021) and from the inputs (older v2
///   transformers) is marked.
/// - the delete input's key field nullable in the compiled schema (`id: ID`) where the reading has it
///   required (`id: ID!`): v1 transformers until 2020 made it so; today's (the real v1 transformer the
///   tests use, 1.138.3) makes it required. A value sent for a nullable field is valid either way.
struct CatalogueComparison {
    var read: ModelCatalogue
    var compiled: ModelCatalogue
    /// What `read` is, for the messages: "source" or "amplify_outputs.json".
    var readName: String

    static let timestampFields: Set<String> = ["createdAt", "updatedAt"]

    /// No update mutation of the compiled schema takes `condition`.
    static func lacksCondition(_ compiled: ModelCatalogue) -> Bool {
        let updated = compiled.models.values.filter { $0.operations.update != nil }
        return !updated.isEmpty && updated.allSatisfy { $0.operations.conditionInput == nil }
    }

    /// The compiled schema is v1's: it has no subscription filter inputs (v2 has one per model).
    static func isV1(_ compiled: ModelCatalogue) -> Bool {
        !compiled.inputObjects.keys.contains { $0.hasPrefix("ModelSubscription") }
    }

    /// No model of the compiled schema has both `createdAt` and `updatedAt` (one alone is the user's own).
    static func lacksTimestamps(_ compiled: ModelCatalogue) -> Bool {
        !compiled.models.isEmpty
            && compiled.models.values.allSatisfy { model in
                !timestampFields.allSatisfy { name in model.field(name) != nil }
            }
    }

    func differences() -> [CatalogueDifference] {
        var out: [CatalogueDifference] = []
        let readNames = Set(read.models.keys)
        let compiledNames = Set(compiled.models.keys)
        for name in compiledNames.subtracting(readNames).sorted() {
            out.append(.init(text: "model \(name) is missing from the \(readName) reading"))
        }
        for name in readNames.subtracting(compiledNames).sorted() {
            out.append(.init(text: "model \(name) of the \(readName) reading is not in the compiled schema"))
        }
        for name in readNames.intersection(compiledNames).sorted() {
            guard let a = read.models[name], let b = compiled.models[name] else { continue }
            out += compare(a, b)
        }
        return out
    }

    private func compare(_ a: Model, _ b: Model) -> [CatalogueDifference] {
        var out: [CatalogueDifference] = []
        let m = a.name
        func differ(_ what: String, _ x: String, _ y: String, old: Bool = false) {
            if x != y { out.append(.init(text: "\(m): \(what): \(readName) \(x), compiled \(y)", oldCompiler: old)) }
        }
        differ("primary key", a.primaryKey.description, b.primaryKey.description)
        differ("isVersioned", "\(a.isVersioned)", "\(b.isVersioned)")
        differ(
            "fieldVersioning", "\(a.fieldVersioning.map { "\($0)" } ?? "nil")",
            "\(b.fieldVersioning.map { "\($0)" } ?? "nil")")
        let x = a.operations
        let y = b.operations
        let names: [(String, String?, String?)] = [
            ("get", x.get, y.get), ("list", x.list, y.list), ("sync", x.sync, y.sync), ("create", x.create, y.create),
            ("update", x.update, y.update), ("delete", x.delete, y.delete),
            ("createInput", x.createInput, y.createInput), ("updateInput", x.updateInput, y.updateInput),
            ("deleteInput", x.deleteInput, y.deleteInput), ("filterInput", x.filterInput, y.filterInput),
        ]
        for (what, p, q) in names { differ(what, p ?? "nil", q ?? "nil") }
        let conditionIsOld = Self.lacksCondition(compiled) && y.conditionInput == nil
        differ("conditionInput", x.conditionInput ?? "nil", y.conditionInput ?? "nil", old: conditionIsOld)
        differ("get arguments", Self.render(x.getArguments), Self.render(y.getArguments))
        differ("list arguments", x.listArguments.map(\.name).description, y.listArguments.map(\.name).description)
        // The index queries (a compiled schema shows an index only through its query): name, key fields
        // and arguments.
        func indexQueries(_ model: Model) -> String {
            model.indexes.compactMap { index in
                index.queryField.map { "\($0)\(index.keyFields) (\(Self.render(index.queryArguments)))" }
            }.sorted().description
        }
        differ("index queries", indexQueries(a), indexQueries(b))
        // The owner fields (a compiled schema keeps no @auth, so the reading names them): on the type with
        // its type and writability; an undeclared one (read-only) in the filter and the condition where
        // the compiled schema has it there.
        for owner in a.ownerFields {
            let p = a.field(owner).map { "\($0.type)\($0.isReadOnly ? " read-only" : "")" } ?? "nil"
            let q = b.field(owner).map { "\($0.type)\($0.isReadOnly ? " read-only" : "")" } ?? "nil"
            differ("owner field \(owner)", p, q, old: q == "nil" && Self.isV1(compiled))
            guard a.field(owner)?.isReadOnly == true else { continue }
            for (what, x, y) in [
                ("filterInput", x.filterInput, y.filterInput), ("conditionInput", x.conditionInput, y.conditionInput),
            ] {
                guard let x, let y, let inputA = read.inputObjects[x], let inputB = compiled.inputObjects[y] else {
                    continue
                }
                let there = inputB.field(owner) != nil
                differ(
                    "\(what) has the implicit \(owner)", "\(inputA.field(owner) != nil)", "\(there)", old: !there)
            }
        }
        for (what, p, q) in [
            ("createInput", x.createInput, y.createInput), ("updateInput", x.updateInput, y.updateInput),
            ("deleteInput", x.deleteInput, y.deleteInput),
        ] {
            guard let p, let q, p == q, let inputA = read.inputObjects[p], let inputB = compiled.inputObjects[q]
            else { continue }
            let fa = Set(inputA.fields.map { "\($0.name): \($0.type)" })
            let fb = Set(inputB.fields.map { "\($0.name): \($0.type)" })
            let onlyA = fa.subtracting(fb)
            let onlyB = fb.subtracting(fa)
            for field in onlyA.sorted() {
                out.append(
                    .init(
                        text:
                            "\(m): \(what) \(p) field \(field) of the \(readName) reading is not in the compiled schema",
                        oldCompiler: isOlderInputField(field, input: what, model: a, compiledHas: onlyB)))
            }
            for field in onlyB.sorted() {
                out.append(
                    .init(
                        text: "\(m): \(what) \(p) field \(field) is missing from the \(readName) reading",
                        oldCompiler: isOlderInputField(field, input: what, model: a, compiledHas: onlyA, weaker: true)))
            }
        }
        return out
    }

    /// Whether an input field in one reading only (`NAME: TYPE`) is one of the older-compiler rules'
    /// differences. `others` are the fields the other side has alone; `weaker`: the field is the compiled
    /// schema's.
    private func isOlderInputField(
        _ field: String, input: String, model: Model, compiledHas others: Set<String>, weaker: Bool = false
    ) -> Bool {
        let name = String(field.prefix { $0 != ":" })
        if !weaker, Self.timestampFields.contains(name), Self.lacksTimestamps(compiled) { return true }
        if !weaker, Self.lacksCondition(compiled),
            (input == "createInput" && field == "id: ID") || model.field(name)?.kind == .nonModel
        {
            return true
        }
        guard input == "deleteInput", model.primaryKey.contains(name) else { return false }
        // The same key field, required on one side and nullable in the compiled schema.
        let type = String(field.dropFirst(name.count + 2))
        return weaker
            ? others.contains("\(name): \(type)!")
            : type.hasSuffix("!") && others.contains("\(name): \(type.dropLast())")
    }

    private static func render(_ arguments: [OperationArgument]) -> String {
        "(" + arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
    }
}
