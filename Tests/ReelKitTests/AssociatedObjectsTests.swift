import ReelKit
import ReelTrace
import Testing

/// objc_setAssociatedObject / objc_getAssociatedObject on ReelKit's objects, with the runtime's
/// policies: RETAIN keeps the value, ASSIGN does not, nil removes, and a value lives as long as
/// its object.
@Suite @MainActor struct AssociatedObjectsTests {
    final class Payload {}
    nonisolated(unsafe) static var key: UInt8 = 0
    nonisolated(unsafe) static var otherKey: UInt8 = 0

    @Test func retainKeepsTheValueAndNilRemovesIt() {
        let controller = UIViewController()
        weak var released: Payload?
        do {
            let payload = Payload()
            released = payload
            objc_setAssociatedObject(controller, &Self.key, payload, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
        #expect(released != nil, "RETAIN keeps the value alive")
        #expect(objc_getAssociatedObject(controller, &Self.key) as? Payload === released)
        #expect(objc_getAssociatedObject(controller, &Self.otherKey) == nil, "keys are addresses: another key has nothing")
        objc_setAssociatedObject(controller, &Self.key, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(released == nil, "setting nil releases it")
        #expect(objc_getAssociatedObject(controller, &Self.key) == nil)
    }

    @Test func assignDoesNotKeepAnObjectAndValuesAreCopied() {
        let view = UIView()
        weak var released: Payload?
        do {
            let payload = Payload()
            released = payload
            objc_setAssociatedObject(view, &Self.key, payload, .OBJC_ASSOCIATION_ASSIGN)
            #expect(objc_getAssociatedObject(view, &Self.key) as? Payload === payload)
        }
        #expect(released == nil)
        #expect(objc_getAssociatedObject(view, &Self.key) == nil)
        objc_setAssociatedObject(view, &Self.otherKey, 0.35, .OBJC_ASSOCIATION_COPY_NONATOMIC)
        #expect(objc_getAssociatedObject(view, &Self.otherKey) as? Double == 0.35)
    }

    @Test func aValueLivesAsLongAsItsObject() {
        weak var released: Payload?
        do {
            let recognizer = UIPanGestureRecognizer(target: nil, action: nil)
            let payload = Payload()
            released = payload
            objc_setAssociatedObject(recognizer, &Self.key, payload, .OBJC_ASSOCIATION_RETAIN)
        }
        #expect(released == nil, "freed with the recognizer")
    }

    @Test func anObjectReelKitDoesNotOwnIsASessionError() {
        let scene = ReelKitScene(name: "assoc", trigger: TriggerSpec(kind: .tap)) { window in
            window.rootViewController = UIViewController()
            objc_setAssociatedObject(Payload(), &AssociatedObjectsTests.key, 1, .OBJC_ASSOCIATION_RETAIN)
        }
        let error = #expect(throws: ReelKitError.self) {
            try ReelKitEngine(scenes: [scene], name: "a", version: "1").run(
                scenario: scene.spec, device: Device(width: 390, height: 844, scale: 3), refreshHz: 60, touches: [],
                outcomeHierarchy: false)
        }
        #expect(error?.message.contains("objc_setAssociatedObject on a Payload") == true, "\(error?.message ?? "")")
    }
}
