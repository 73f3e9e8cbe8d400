/// The Objective-C runtime's associated objects for ReelKit's objects (`UIView`, `UIViewController`,
/// the recognizers, `UIPresentationController`, `UIPercentDrivenInteractiveTransition`), which
/// transition libraries use to hang a delegate or a state on a controller they do not own.
///
/// ```swift
/// private var transitionKey: UInt8 = 0
/// objc_setAssociatedObject(controller, &transitionKey, delegate, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
/// let delegate = objc_getAssociatedObject(controller, &transitionKey) as? DrawerTransitionDelegate
/// ```
///
/// As in the runtime: a value lives as long as its object (it is stored on the object), `RETAIN`
/// and `COPY` keep it (a value type is copied either way; no object is sent `copy`), `ASSIGN` keeps
/// an object weakly (UIKit keeps an unretained pointer, which dangles once the value is freed; here
/// it reads as nil), and setting nil removes the association.
// swift-format-ignore: TypeNamesShouldBeCapitalized
// UIKit's name, as the runtime declares it.
public nonisolated enum objc_AssociationPolicy: UInt, Sendable {
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
}

/// Associates `value` with `object` under `key` (the address of a variable the caller owns).
/// `object` must be one of ReelKit's UIKit objects; another object stops the session with an
/// error naming its type (there is no Objective-C runtime to hold it).
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {
    guard let owner = object as? AssociatedObjectOwner else {
        reportUnownable(object, "objc_setAssociatedObject")
        return
    }
    owner.associations.set(value, for: key, policy: policy)
}

/// The value associated with `object` under `key`, or nil.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    guard let owner = object as? AssociatedObjectOwner else {
        reportUnownable(object, "objc_getAssociatedObject")
        return nil
    }
    return owner.associations.value(for: key)
}

/// Removes every association of `object`.
public func objc_removeAssociatedObjects(_ object: Any) {
    (object as? AssociatedObjectOwner)?.associations.removeAll()
}

private func reportUnownable(_ object: Any, _ function: String) {
    KitRuntime.current?.fail(
        KitFailure(
            message:
                "\(function) on a \(type(of: object)): ReelKit keeps associated objects only for its UIKit objects (views, controllers, recognizers, presentation and interaction controllers)"
        ))
}

/// A ReelKit object that can hold associated objects.
protocol AssociatedObjectOwner: AnyObject {
    var associations: AssociatedObjects { get }
}

/// One object's associations, by key address.
final class AssociatedObjects {
    private enum Held {
        case strong(Any)
        case weak(WeakBox)
    }

    private final class WeakBox {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private var byKey: [UnsafeRawPointer: Held] = [:]

    func set(_ value: Any?, for key: UnsafeRawPointer, policy: objc_AssociationPolicy) {
        guard let value else {
            byKey[key] = nil
            return
        }
        if policy == .OBJC_ASSOCIATION_ASSIGN, let object = value as AnyObject?, type(of: value) is AnyClass {
            byKey[key] = .weak(WeakBox(object))
        } else {
            byKey[key] = .strong(value)
        }
    }

    func value(for key: UnsafeRawPointer) -> Any? {
        switch byKey[key] {
        case .strong(let value)?: return value
        case .weak(let box)?: return box.object
        case nil: return nil
        }
    }

    func removeAll() { byKey.removeAll() }
}
