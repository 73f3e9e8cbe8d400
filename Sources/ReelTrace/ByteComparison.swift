extension UnsafeBufferPointer<UInt8> {
    /// Whether both buffers hold the same bytes: an indexed loop, several times cheaper than
    /// `Sequence.elementsEqual`, which goes through two iterators.
    @inlinable
    public func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        for index in 0..<count where self[index] != other[index] { return false }
        return true
    }
}
