/// Objects with a fixed set of members, written member by member: the braces, the keys' quotes
/// and the commas are the writer's, so no caller types JSON punctuation.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.object { members in
///     members.member("id", 4)
///     members.member("status", "finished")
///     members.member("shard", nil as String?)
///     members.member("counts") { $0.object { $0.member("matched", 480) } }
/// }
/// writer.text  // {"id":4,"status":"finished","shard":null,"counts":{"matched":480}}
/// ```
extension JSONWriter {
    /// The members of one object being written; `JSONWriter.object(_:)` hands one to its closure.
    package struct Members {
        /// The writer the members go to (moved in for the closure's duration, so no bytes are copied).
        package fileprivate(set) var writer: JSONWriter
        fileprivate var isFirst = true

        /// `"key":` after a comma when a member came before.
        package mutating func key(_ key: String) {
            if !isFirst { writer.punctuation(UInt8(ascii: ",")) }
            isFirst = false
            writer.key(key)
        }

        package mutating func member(_ key: String, _ value: Int) {
            self.key(key)
            writer.int(value)
        }

        package mutating func member(_ key: String, _ value: Int64) {
            self.key(key)
            writer.int(Int(value))
        }

        /// A number, written as the writer's number style says (NaN and infinities as `null`).
        package mutating func member(_ key: String, _ value: Double) {
            self.key(key)
            writer.number(value)
        }

        package mutating func member(_ key: String, _ value: String) {
            self.key(key)
            writer.string(value)
        }

        package mutating func member(_ key: String, _ value: Bool) {
            self.key(key)
            writer.bool(value)
        }

        /// `null` when `value` is nil.
        package mutating func member(_ key: String, _ value: Int?) {
            if let value { member(key, value) } else { nullMember(key) }
        }

        package mutating func member(_ key: String, _ value: Int64?) {
            if let value { member(key, value) } else { nullMember(key) }
        }

        package mutating func member(_ key: String, _ value: Double?) {
            if let value { member(key, value) } else { nullMember(key) }
        }

        package mutating func member(_ key: String, _ value: String?) {
            if let value { member(key, value) } else { nullMember(key) }
        }

        package mutating func member(_ key: String, _ value: Bool?) {
            if let value { member(key, value) } else { nullMember(key) }
        }

        /// A whole parsed or built value.
        package mutating func member(_ key: String, _ value: JSONValue) {
            self.key(key)
            writer.value(value)
        }

        package mutating func nullMember(_ key: String) {
            self.key(key)
            writer.null()
        }

        /// A member whose value the closure writes (an array, a nested object).
        package mutating func member(_ key: String, _ writeValue: (inout JSONWriter) throws -> Void) rethrows {
            self.key(key)
            try writeValue(&writer)
        }
    }

    /// Appends `{`, the members `writeMembers` writes (in its order, a comma between two), and `}`.
    package mutating func object(_ writeMembers: (inout Members) throws -> Void) rethrows {
        punctuation(UInt8(ascii: "{"))
        defer { punctuation(UInt8(ascii: "}")) }
        try members(writeMembers)
    }

    /// Appends members without braces, for an object whose members two writers share (a touch's
    /// fields in a stream line and in a protocol request): a comma between two, and before the
    /// first when `afterMember` says the object already holds one.
    ///
    /// ```swift
    /// writer.punctuation(UInt8(ascii: "{"))
    /// writer.members { $0.member("type", "touch") }
    /// writer.members(afterMember: true) { $0.member("t", 0.5) }
    /// writer.punctuation(UInt8(ascii: "}"))   // {"type":"touch","t":0.5}
    /// ```
    package mutating func members(afterMember: Bool = false, _ writeMembers: (inout Members) throws -> Void) rethrows {
        var members = Members(writer: JSONWriter(reservingCapacity: 0, numberStyle: numberStyle), isFirst: !afterMember)
        swap(&self, &members.writer)
        defer { swap(&self, &members.writer) }
        try writeMembers(&members)
    }
}
