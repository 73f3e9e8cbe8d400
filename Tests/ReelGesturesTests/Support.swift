import ReelTrace

@testable import ReelGestures

/// Builds a touch stream for one finger (id 0 unless given).
struct Finger {
    var id = 0
    var touches: [Touch] = []

    mutating func down(_ t: Double, _ x: Double, _ y: Double) { touches.append(Touch(t: t, id: id, phase: .began, x: x, y: y)) }
    mutating func move(_ t: Double, _ x: Double, _ y: Double) { touches.append(Touch(t: t, id: id, phase: .moved, x: x, y: y)) }
    mutating func up(_ t: Double, _ x: Double, _ y: Double) { touches.append(Touch(t: t, id: id, phase: .ended, x: x, y: y)) }
    mutating func cancel(_ t: Double, _ x: Double, _ y: Double) { touches.append(Touch(t: t, id: id, phase: .cancelled, x: x, y: y)) }
}

/// Every transition a recognizer reports over a stream, in order.
func transitions(_ touches: [Touch], _ handle: (Touch) -> [GestureState]) -> [GestureState] {
    touches.flatMap(handle)
}

func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
