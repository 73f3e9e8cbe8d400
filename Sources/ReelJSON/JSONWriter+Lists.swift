/// Arrays and objects written element by element: the brackets and the commas between elements
/// are the writer's; what each element is, the caller's closure.
extension JSONWriter {
    /// Appends `[`, each element of `elements` as `writeElement` writes it, a comma between two
    /// elements, and `]`: `[]` for none.
    @inlinable
    package mutating func array<Elements: Sequence>(
        _ elements: Elements, _ writeElement: (inout JSONWriter, Elements.Element) throws -> Void
    ) rethrows {
        try list(elements, opening: UInt8(ascii: "["), closing: UInt8(ascii: "]"), writeElement)
    }

    /// Appends `{`, one member per element of `elements` (`"key":` with the element's `key`, then
    /// its value as `writeValue` writes it), a comma between two members, and `}`: `{}` for none.
    /// Members are written in the order of `elements`; keys are not checked for repeats.
    @inlinable
    package mutating func object<Elements: Sequence>(
        _ elements: Elements, key: (Elements.Element) -> String,
        _ writeValue: (inout JSONWriter, Elements.Element) throws -> Void
    ) rethrows {
        try list(elements, opening: UInt8(ascii: "{"), closing: UInt8(ascii: "}")) { writer, element in
            writer.key(key(element))
            try writeValue(&writer, element)
        }
    }

    /// `opening`, the elements with a comma between two, `closing`.
    @inlinable
    mutating func list<Elements: Sequence>(
        _ elements: Elements, opening: UInt8, closing: UInt8, _ writeElement: (inout JSONWriter, Elements.Element) throws -> Void
    ) rethrows {
        punctuation(opening)
        var isFirst = true
        for element in elements {
            if !isFirst { punctuation(UInt8(ascii: ",")) }
            isFirst = false
            try writeElement(&self, element)
        }
        punctuation(closing)
    }
}
