import Foundation
import ReelTrace
import Testing

@testable import ReelEngine

/// Issue 48 item 3: setting up a hierarchy's already-presented controllers took a copy of the
/// whole world per present (the loaded controllers, the presentations and the window's views held
/// by the "before" snapshot and the window held for a cancel, then changed), so n controllers
/// copied about n^2/2 entries: 16,000 took 20 s. Copies are counted here, not timed: a buffer of
/// the world that moves during one present was copied (or grown, which an append does a
/// logarithmic number of times), and the entries it held are what the copy moved.
@Suite("Initial presentations: setup without copies")
struct InitialPresentationSetupTests {
    /// Far more controllers than `ScenarioLimits.maxPresented` lets a spec name, built here
    /// directly, so that n^2 and n differ by orders of magnitude.
    static let count = 2000

    /// The world's buffers that grow with the presented controllers, with their entry counts.
    static func buffers(_ world: World) -> [(address: UInt, count: Int)] {
        [
            world.loaded.withUnsafeBufferPointer { (UInt(bitPattern: $0.baseAddress), $0.count) },
            world.presentations.withUnsafeBufferPointer { (UInt(bitPattern: $0.baseAddress), $0.count) },
            world.stage.views.withUnsafeBufferPointer { (UInt(bitPattern: $0.baseAddress), $0.count) },
        ]
    }

    static func spec(style: String, presented: [String]) throws -> ScenarioSpec {
        var spec = try #require(ScenarioCatalog.named("present.full-screen"))
        spec.action.style = style
        spec.hierarchy.presented = presented
        return spec
    }

    static let device = Device(width: 390, height: 844, scale: 3)

    /// A style that takes the presenter's views off screen (the window stays small) and one that
    /// keeps them (the window grows with every present).
    @Test(arguments: ["fullScreen", "pageSheet"])
    func presentingNControllersCopiesEntriesLinearInN(style: String) throws {
        var simulation = try Simulation(
            profile: .builtin, spec: try Self.spec(style: style, presented: []), device: Self.device, refreshHz: 60)
        var moved = [0, 0, 0]
        var moves = [0, 0, 0]
        for index in 0..<Self.count {
            let before = Self.buffers(simulation.world)
            try simulation.presentInitially("P\(index)")
            let after = Self.buffers(simulation.world)
            for buffer in before.indices where before[buffer].address != after[buffer].address {
                moved[buffer] += before[buffer].count
                moves[buffer] += 1
            }
        }
        #expect(simulation.world.presentations.count == Self.count)
        #expect(simulation.world.loaded.suffix(Self.count) == (0..<Self.count).map { "P\($0)" })
        // Appending m entries one at a time grows a buffer by doubling: fewer than 2m entries moved
        // in all, in at most log2(m) + 2 moves. A copy per present moves about n^2/2 (2 M here).
        let final = Self.buffers(simulation.world).map(\.count)
        for buffer in moved.indices {
            let most = max(final[buffer], 1)
            let doublings = Int((log2(Double(most)) + 2).rounded(.down))
            #expect(
                moved[buffer] < 2 * most, "buffer \(buffer): \(moved[buffer]) entries moved in \(moves[buffer]) moves (\(most) at the end)")
            #expect(moves[buffer] <= doublings, "buffer \(buffer): \(moves[buffer]) moves (\(most) at the end)")
        }
    }

    /// The setup the spec asks for is these presents, one after the other: the same hierarchy and
    /// window, and a session run on it the same trace as before (the golden corpus holds the
    /// traces of the catalog's presented chains bit for bit).
    @Test(arguments: ["fullScreen", "pageSheet", "overFullScreen"])
    func theSpecsSetupIsThePresentsOneAfterTheOther(style: String) throws {
        let names = (0..<ScenarioLimits.maxPresented).map { "P\($0)" }
        let fromSpec = try Simulation(
            profile: .builtin, spec: try Self.spec(style: style, presented: names), device: Self.device, refreshHz: 60)
        var stepped = try Simulation(
            profile: .builtin, spec: try Self.spec(style: style, presented: []), device: Self.device, refreshHz: 60)
        for name in names { try stepped.presentInitially(name) }
        #expect(stepped.world.hierarchyJSON(listingHidden: true) == fromSpec.world.hierarchyJSON(listingHidden: true))
        #expect(stepped.world.stage == fromSpec.world.stage)
        #expect(fromSpec.events.isEmpty && fromSpec.frames.isEmpty)
    }
}
