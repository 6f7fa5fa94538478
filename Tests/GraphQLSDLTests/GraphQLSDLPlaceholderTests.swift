import Testing

// PLACEHOLDER: replaced by the real suite of this target.
@Test func GraphQLSDLPlaceholder() {
    #expect(Bool(true))
}
