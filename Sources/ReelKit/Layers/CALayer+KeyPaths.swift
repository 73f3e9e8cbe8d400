extension CALayer {
    /// The number indexes a sub key path names within its base value ("position.x": 0).
    private static let components: [String: [String: [Int]]] = [
        "position": ["x": [0], "y": [1]],
        "anchorPoint": ["x": [0], "y": [1]],
        "shadowOffset": ["width": [0], "height": [1]],
        "bounds": ["origin": [0, 1], "origin.x": [0], "origin.y": [1], "size": [2, 3], "size.width": [2], "size.height": [3]],
    ]

    /// The value at an animatable key path ("cornerRadius", "position.y", "transform.scale",
    /// a shape layer's "path"), nil when the key path is not one ReelKit animates.
    func layerValue(at keyPath: String) -> LayerValue? {
        if let value = ownLayerValue(at: keyPath) { return value }
        guard let dot = keyPath.firstIndex(of: ".") else { return nil }
        let base = String(keyPath[..<dot])
        let rest = String(keyPath[keyPath.index(after: dot)...])
        guard let whole = ownLayerValue(at: base) else { return nil }
        if base == "transform" { return TransformParts(whole.transform).value(rest).map { LayerValue($0) } }
        guard let indexes = Self.components[base]?[rest] else { return nil }
        return LayerValue(indexes.map { whole.numbers[$0] })
    }

    /// Stores `value` at `keyPath` without animating (a presentation copy's values); false when
    /// the key path is not one ReelKit animates or the value does not fit it.
    @discardableResult
    func setLayerValue(_ value: LayerValue, at keyPath: String) -> Bool {
        if setOwnLayerValue(value, at: keyPath) { return true }
        guard let dot = keyPath.firstIndex(of: "."), let first = value.numbers.first else { return false }
        let base = String(keyPath[..<dot])
        let rest = String(keyPath[keyPath.index(after: dot)...])
        guard var whole = ownLayerValue(at: base) else { return false }
        if base == "transform" {
            var parts = TransformParts(whole.transform)
            guard parts.set(rest, value.numbers) else { return false }
            return setOwnLayerValue(LayerValue(parts.applied(to: whole.transform)), at: base)
        }
        guard let indexes = Self.components[base]?[rest], indexes.count <= value.numbers.count else { return false }
        for (offset, index) in indexes.enumerated() { whole.numbers[index] = offset == 0 ? first : value.numbers[offset] }
        return setOwnLayerValue(whole, at: base)
    }
}
