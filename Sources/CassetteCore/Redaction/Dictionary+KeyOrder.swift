extension Dictionary where Key == String {
    /// The members in the order of their keys: the order a redaction walk visits a dictionary in, so that secrets
    /// under one name are numbered alike in every process (a `Dictionary`'s own order changes with the process's
    /// hash seed, and a recording and its replay run in different processes).
    var inKeyOrder: [(key: String, value: Value)] {
        sorted { $0.key < $1.key }
    }
}
