import GQLPatchSchema
import GQLPatchSupport
import JSON

/// The condition that makes a read-modify-write of an unversioned record safe: the write fails if the
/// record changed since it was read, so a concurrent change is read again rather than overwritten.
/// A counter is compared with the value read (an exact compare-and-swap; absent: `attributeExists:
/// false`); anything else with `updatedAt` as read, which the resolver sets on every write (to the
/// millisecond: two writes within one millisecond are the case it cannot tell apart). A versioned
/// model is guarded by its version instead and needs none of this.
public struct WriteGuard: Sendable {
    public var catalogue: ModelCatalogue
    public var model: Model

    public init(catalogue: ModelCatalogue, model: Model) {
        self.catalogue = catalogue
        self.model = model
    }

    /// Why no guard can be built, for the message that refuses the change (unless the caller asks for an unguarded write).
    public struct Unavailable: Error, Sendable {
        public var reason: String
    }

    /// The fields a guard needs in the read, besides the edited ones.
    public var readFields: [String] { model.field("updatedAt") != nil ? ["updatedAt"] : [] }

    /// The guard for `edits` against `record`, as condition terms to AND with the caller's own.
    public func terms(for edits: [FieldEdit], record: JSONObject) throws(Unavailable) -> [JSONValue] {
        let input = model.operations.conditionInput.flatMap { catalogue.inputObjects[$0] }
        guard let input else {
            throw Unavailable(reason: "the API's update for \(model.name) takes no condition")
        }
        var terms: [JSONValue] = []
        var needsUpdatedAt: [String] = []
        var counted: Set<String> = []
        for edit in edits {
            if edit.isCounter,
                let operators = input.field(edit.field).flatMap({ catalogue.inputObjects[$0.type.namedType] })
            {
                guard counted.insert(edit.field).inserted else { continue }
                let old = record[edit.field] ?? .null
                if old.isNull {
                    do {
                        terms.append(
                            try ConditionBuilder.nullTest(
                                field: edit.field, operators: operators, place: "\(model.name).\(edit.field)",
                                described: edit.field))
                    } catch {
                        needsUpdatedAt.append(edit.shownPath)
                    }
                } else if operators.field("eq") != nil {
                    terms.append(.object(JSONObject([(edit.field, .object(JSONObject([("eq", old)])))])))
                } else {
                    needsUpdatedAt.append(edit.shownPath)
                }
            } else {
                needsUpdatedAt.append(edit.shownPath)
            }
        }
        guard !needsUpdatedAt.isEmpty else { return terms }
        terms.append(try updatedAtTerm(record: record, writing: needsUpdatedAt.joined(separator: ", ")))
        return terms
    }

    /// `{"updatedAt": {"eq": <as read>}}`: fails the write if anyone wrote the record since it was read.
    /// `writing` names what is written, for the reason when the condition input cannot say it.
    public func updatedAtTerm(record: JSONObject, writing: String) throws(Unavailable) -> JSONValue {
        let input = model.operations.conditionInput.flatMap { catalogue.inputObjects[$0] }
        guard let input, model.field("updatedAt") != nil, input.field("updatedAt") != nil else {
            throw Unavailable(
                reason:
                    "\(model.name) is not versioned and its condition input \(input?.name ?? "(none)") has no updatedAt, so a write of \(writing) computed from the record as read cannot be made to fail when someone else wrote the record meanwhile"
            )
        }
        let stamp = record["updatedAt"] ?? .null
        guard stamp.stringValue != nil else {
            throw Unavailable(reason: "the record as read has no updatedAt to guard the write of \(writing) with")
        }
        return .object(JSONObject([("updatedAt", .object(JSONObject([("eq", stamp)])))]))
    }

    /// Whether `record` still has what the guard `terms` (built for `edits`) compared: the guarded
    /// values as read, so a failed write was the caller's own condition, not a concurrent change.
    public func holds(_ terms: [JSONValue], record: JSONObject, edits: [FieldEdit]) -> Bool {
        for term in terms {
            guard let object = term.objectValue, let field = object.keys.first, let test = object[field] else {
                return false
            }
            if field == "or" {
                // A null test of one field: `{"or": [{"F": {"attributeExists": false}}, ...]}`.
                guard let inner = test.arrayValue?.first?.objectValue?.keys.first else { return false }
                if !(record[inner] ?? .null).isNull { return false }
                continue
            }
            let value = record[field] ?? .null
            if let expected = test["eq"] {
                if !ResponseComparer.equal(value, expected) { return false }
            } else if !value.isNull {
                return false  // a null test (`attributeExists: false` or `_null`), and the field has a value now
            }
        }
        return true
    }

    /// `own` AND-ed with `terms` (nil when there is neither).
    public static func combined(_ own: JSONValue?, _ terms: [JSONValue]) -> JSONValue? {
        let all = (own.map { [$0] } ?? []) + terms
        switch all.count {
        case 0: return nil
        case 1: return all[0]
        default: return .object(JSONObject([("and", .array(all))]))
        }
    }
}
