import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON
import Testing

/// `RecordMasker`: deterministic, never the value itself, valid emails, a masked key masked alike
/// in the foreign keys that refer to it.
@Suite struct RecordMaskerTests {
    static let schema = """
        type Customer @model {
          id: ID!
          email: AWSEmail
          fullName: String
          phone: String
          notes: String
          age: Int
          orders: [Order] @hasMany
        }
        type Order @model {
          id: ID!
          label: String
          customer: Customer @belongsTo
        }
        """

    func masker(
        _ masks: [FieldMask], key: String = "k1", schema: String = schema, models: [String] = ["Customer", "Order"]
    ) throws(GQLPatchError) -> RecordMasker {
        let catalogue = try CatalogueLoader.load(path: "s.graphql", files: .memory(["s.graphql": Array(schema.utf8)]))
        return try RecordMasker(masks: masks, catalogue: catalogue, models: models, key: Array(key.utf8))
    }

    /// Only the children written: the parent's masked key is still masked in their foreign key.
    @Test func aMaskedKeyIsMaskedInTheChildrenOfAParentNotWritten() throws {
        let masker = try masker([FieldMask(model: "Customer", field: "id")], models: ["Order"])
        let foreignKey = try #require(masker.rules["Order"]?.first)
        #expect(foreignKey.value == .hash)
        #expect(masker.mask(["id": "o-1", foreignKey.key: "c-1"], model: "Order")[foreignKey.key] != "c-1")
    }

    /// A schema without relations (as a compiled one): a field named as a reference to the masked key
    /// is refused unless it is masked too.
    @Test func aReferenceNoRelationNamesIsRefusedUnlessMaskedToo() throws {
        let bare = """
            type Customer @model { id: ID! name: String }
            type Order @model { id: ID! customerID: ID label: String }
            """
        do throws(GQLPatchError) {
            _ = try masker([FieldMask(model: "Customer", field: "id")], schema: bare, models: ["Order"])
            Issue.record("an unmasked reference to a masked key was accepted")
        } catch {
            #expect(error.code == .invalidInput)
            #expect(
                error.message.hasPrefix(
                    "mask Customer.id: Order.customerID looks like a reference to it, but the schema names no relation"),
                "\(error.message)")
            #expect(error.message.contains("mask Order.customerID=hash too"), "\(error.message)")
        }
        let both = try masker(
            [FieldMask(model: "Customer", field: "id"), FieldMask(model: "Order", field: "customerID", kind: .hash)],
            schema: bare, models: ["Order"])
        #expect(
            both.mask(["id": "c-1"], model: "Customer")["id"]
                == both.mask(["customerID": "c-1"], model: "Order")["customerID"])
        // A field that refers nowhere by its name is left alone.
        _ = try masker([FieldMask(model: "Customer", field: "name")], schema: bare, models: ["Order"])
    }

    @Test func theSameValueMasksAlikeAndNeverAsItself() throws {
        let masker = try masker([
            FieldMask(model: "Customer", field: "email"), FieldMask(model: "Customer", field: "fullName"),
            FieldMask(model: "Customer", field: "phone"), FieldMask(model: "Customer", field: "notes"),
            FieldMask(model: "Customer", field: "id"),
        ])
        #expect(masker.rules["Customer"]?["email"] == .email)
        #expect(masker.rules["Customer"]?["fullName"] == .name)
        #expect(masker.rules["Customer"]?["phone"] == .phone)
        #expect(masker.rules["Customer"]?["notes"] == .text)
        #expect(masker.rules["Customer"]?["id"] == .hash)
        let record: JSONObject = [
            "id": "c-1", "email": "ada@corp.example", "fullName": "Ada Lovelace", "phone": "+442079460000",
            "notes": "likes engines", "age": 36,
        ]
        let once = masker.mask(record, model: "Customer")
        #expect(once == masker.mask(record, model: "Customer"), "deterministic within a run")
        #expect(
            once
                == (try self.masker(
                    Array(
                        masker.rules["Customer"]!.map {
                            FieldMask(model: "Customer", field: $0.key, kind: $0.value)
                        }))).mask(record, model: "Customer"), "and across runs with the same key")
        for field in ["id", "email", "fullName", "phone", "notes"] {
            #expect(once[field] != record[field], "\(field) masked")
        }
        #expect(once["age"] == 36, "what is not masked stays")
        let email = try #require(once["email"]?.stringValue)
        #expect(email.wholeMatch(of: /user-[0-9a-f]{12}@example\.com/) != nil, "\(email)")
        let phone = try #require(once["phone"]?.stringValue)
        #expect(phone.wholeMatch(of: /\+1555[0-9]{7}/) != nil, "\(phone)")
        let other = try self.masker([FieldMask(model: "Customer", field: "email")], key: "k2")
        #expect(other.mask(record, model: "Customer")["email"] != once["email"], "another key, other masks")
    }

    @Test func aMaskedKeyIsMaskedAlikeWhereItIsReferred() throws {
        let masker = try masker([FieldMask(model: "Customer", field: "id")])
        let foreignKey = try #require(masker.rules["Order"]?.first)
        #expect(foreignKey.value == .hash)
        let customer = masker.mask(["id": "c-1"], model: "Customer")
        let order = masker.mask(["id": "o-1", foreignKey.key: "c-1"], model: "Order")
        #expect(order[foreignKey.key] == customer["id"], "the order still finds its customer")
        #expect(order["id"] == "o-1", "the order's own key is not masked")
        let uuid = masker.mask("8d1f3c2e-5a4b-4c3d-9e8f-0a1b2c3d4e5f", as: .hash)
        #expect(uuid.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/) != nil)
    }

    @Test func whatCannotBeMaskedIsRefused() throws {
        for (mask, message) in [
            (FieldMask(model: "Nobody", field: "x"), "mask Nobody.x: the schema has no model Nobody"),
            (FieldMask(model: "Customer", field: "nope"), "mask Customer.nope: Customer has no field nope"),
            (FieldMask(model: "Customer", field: "age"), "mask Customer.age: it holds Int"),
        ] {
            do throws(GQLPatchError) {
                _ = try masker([mask])
                Issue.record("\(mask) accepted")
            } catch {
                #expect(error.code == .invalidInput)
                #expect(error.message.hasPrefix(message), "\(error.message)")
            }
        }
    }
}
