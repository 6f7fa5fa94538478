import GQLPatch

// PLACEHOLDER: wired up with the update command.
print("gqlpatch")
