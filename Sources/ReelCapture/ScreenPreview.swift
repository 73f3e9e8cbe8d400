import ReelEngine
import ReelJSON
import ReelRunner
import ReelSynth
import ReelTrace

/// The screen the capture page draws under the finger: the views of the scenario's first frame on
/// the capturing device, and what to do. The first frame is the one the engine renders when the
/// scenario's own gesture (`GestureSynthesizer(scenario:…)`, the one `reel synth` makes) starts its
/// transition: the screen as it stands before it moves.
enum ScreenPreview {
    /// The page's data: `{"screen":[w,h],"hint":TEXT,"views":[[key,x,y,w,h,alpha(,a,b,c,d,tx,ty)]...]}`,
    /// views back to front, hidden ones left out.
    static func json(scenario: ScenarioSpec, device: Device, refreshHz: Double, engine: TransitionEngine) throws -> String {
        let gesture = GestureSynthesizer(scenario: scenario, device: device, refreshHz: refreshHz, seed: 0).session(index: 0)
        let trace = try engine.run(
            scenario: scenario, device: device, refreshHz: refreshHz, touches: gesture.touches, outcomeHierarchy: false)
        var writer = JSONWriter()
        let views = trace.frames.first?.views.filter { !$0.hidden } ?? []
        writer.object { members in
            members.member("screen") { $0.array([device.width, device.height]) { $0.number($1) } }
            members.member("hint", hint(scenario))
            // Each view as [key, x, y, w, h, alpha] and, when it has one, its transform's six numbers.
            members.member("views") {
                $0.array(views) { writer, view in
                    var numbers = [view.x, view.y, view.w, view.h, view.alpha]
                    if view.transform != .identity {
                        let m = view.transform
                        numbers += [m.a, m.b, m.c, m.d, m.tx, m.ty]
                    }
                    let cells: [JSONValue] = [.string(view.key)] + numbers.map { .number($0.isFinite ? $0 : 0) }
                    writer.value(.array(cells))
                }
            }
        }
        return writer.text
    }

    /// What the person should do, from the scenario's trigger.
    static func hint(_ scenario: ScenarioSpec) -> String {
        let trigger = scenario.trigger
        switch trigger.kind {
        case .tap: return "Tap the screen."
        case .edgePan:
            let edge = scenario.isRightToLeft && (trigger.edge ?? .left) == .left ? "right" : (trigger.edge ?? .left).rawValue
            return "Swipe in from the \(edge) edge, then let go (or go back) where you like."
        case .pan: return "Swipe \((trigger.direction ?? .down).rawValue), then let go (or go back) where you like."
        case .pinch: return "Pinch with two fingers."
        }
    }
}
