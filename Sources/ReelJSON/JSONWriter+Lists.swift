/// Arrays and objects written element by element: the brackets and the commas between elements
/// are the writer's; what each element is, the caller's closure.
extension JSONWriter {
    /// Appends `[`, each element of `elements` as `writeElement` writes it, a comma between two
    /// elements, and `]`: `[]` for none. With `onePerLine`, each element starts a line and `]`
    /// stands on a line of its own (`[\n1,\n2\n]`, `[\n]` for none), as the commands print lists.
    @inlinable
    package mutating func array<Elements: Sequence>(
        _ elements: Elements, onePerLine: Bool = false, _ writeElement: (inout JSONWriter, Elements.Element) throws -> Void
    ) rethrows {
        try list(elements, opening: UInt8(ascii: "["), closing: UInt8(ascii: "]"), onePerLine: onePerLine, writeElement)
    }

    /// Appends `[`, each element a reader hands out one at a time (`forEach` calls its body once per
    /// element, as a streaming archive reader does) as `writeElement` writes it, a comma between two
    /// elements, and `]`: the elements are written as they come, never held.
    ///
    /// ```swift
    /// try writer.array(forEach: { body in try changes.forEachChange(body) }) { writer, row in
    ///     writer.object { $0.member("session", row.sessionID) }
    /// }
    /// ```
    package mutating func array<Element>(
        forEach: ((Element) throws -> Void) throws -> Void, _ writeElement: (inout JSONWriter, Element) throws -> Void
    ) rethrows {
        punctuation(UInt8(ascii: "["))
        var isFirst = true
        // The two closures never outlive this call; the compiler cannot see that forEach does not
        // call back into writeElement's captures re-entrantly, so it is told.
        try withoutActuallyEscaping(writeElement) { writeElement in
            try forEach { element in
                if !isFirst { punctuation(UInt8(ascii: ",")) }
                isFirst = false
                try writeElement(&self, element)
            }
        }
        punctuation(UInt8(ascii: "]"))
    }

    /// Appends `{`, one member per element of `elements` (`"key":` with the element's `key`, then
    /// its value as `writeValue` writes it), a comma between two members, and `}`: `{}` for none.
    /// Members are written in the order of `elements`; keys are not checked for repeats.
    @inlinable
    package mutating func object<Elements: Sequence>(
        _ elements: Elements, key: (Elements.Element) -> String,
        _ writeValue: (inout JSONWriter, Elements.Element) throws -> Void
    ) rethrows {
        try list(elements, opening: UInt8(ascii: "{"), closing: UInt8(ascii: "}"), onePerLine: false) { writer, element in
            writer.key(key(element))
            try writeValue(&writer, element)
        }
    }

    /// `opening`, the elements with a comma between two, `closing`; with `onePerLine`, a line
    /// break before each element and before `closing`.
    @inlinable
    mutating func list<Elements: Sequence>(
        _ elements: Elements, opening: UInt8, closing: UInt8, onePerLine: Bool,
        _ writeElement: (inout JSONWriter, Elements.Element) throws -> Void
    ) rethrows {
        punctuation(opening)
        var isFirst = true
        for element in elements {
            if !isFirst { punctuation(UInt8(ascii: ",")) }
            isFirst = false
            if onePerLine { punctuation(UInt8(ascii: "\n")) }
            try writeElement(&self, element)
        }
        if onePerLine { punctuation(UInt8(ascii: "\n")) }
        punctuation(closing)
    }
}
