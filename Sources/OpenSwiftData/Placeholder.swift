// Placeholder: OpenSwiftData
