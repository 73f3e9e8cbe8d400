import ReelTrace

/// The details a stroke plan leaves out and a real digitizer shows: a resting finger that
/// jitters by a fraction of a point, and now and then a second finger that lands on the glass
/// during a pan and lifts again. Draws from its own generator, so the strokes of a session stay
/// what they were without it.
struct TouchRealism {
    /// A second finger during a pan: it lands and lifts at these ticks (lines share the first
    /// finger's timestamps) and either rests or moves along with the first finger.
    struct SecondFinger {
        var landing: Int
        var lifting: Int
        var follows: Bool
        var offsetX: Double
        var offsetY: Double
    }

    /// The largest distance (points) a resting finger strays from where it came to rest.
    static let maximumJitter = 0.4

    private var random: SplitMix64
    /// This session's resting jitter radius, 0.1-0.4 pt.
    let jitterRadius: Double

    init(seed: UInt64, index: Int) {
        random = SplitMix64(seed: SplitMix64.mix(seed ^ 0x4A17_7E12) ^ SplitMix64.mix(UInt64(truncatingIfNeeded: index) &+ 0xF1A9))
        jitterRadius = random.uniform(0.1, Self.maximumJitter)
    }

    /// The sample of a finger resting at `rest` whose previous sample was at `previous`, one frame
    /// into its rest or later (`first` is its first resting frame): the first resting frame and
    /// about a third of the rest report the finger stationary (the previous point); the others
    /// report it moved to a point within the jitter radius of `rest`.
    mutating func resting(at rest: (x: Double, y: Double), previous: (x: Double, y: Double), first: Bool)
        -> (phase: TouchPhase, x: Double, y: Double)
    {
        if first || random.unit() < 0.35 { return (.stationary, previous.x, previous.y) }
        // Uniform over the disk of the jitter radius.
        let radius = jitterRadius * random.unit().squareRoot()
        let angle = random.uniform(0, 2 * Double.pi)
        return (.moved, rest.x + radius * GestureSynthesizer.cosine(angle), rest.y + radius * GestureSynthesizer.sine(angle))
    }

    /// A second finger for about one pan in four that lasts long enough (`ticks` frames to the
    /// lift): it lands after the first frame and lifts at least two frames before the first finger.
    mutating func secondFinger(ticks: Int) -> SecondFinger? {
        guard random.unit() < 0.25, ticks >= 4 else { return nil }
        let landing = 1 + Int(random.unit() * Double(ticks - 3))
        let lifting = landing + 1 + Int(random.unit() * Double(ticks - 2 - landing))
        let follows = random.unit() < 0.5
        let offsetX = random.uniform(25, 60) * (random.unit() < 0.5 ? -1 : 1)
        let offsetY = random.uniform(25, 60) * (random.unit() < 0.5 ? -1 : 1)
        return SecondFinger(landing: landing, lifting: lifting, follows: follows, offsetX: offsetX, offsetY: offsetY)
    }

    /// A little noise on a moving finger's sample, points.
    mutating func noise() -> Double { random.noise(sigma: 0.2) }
}

/// A finger's current point and, once it stops, where it came to rest (for the resting jitter).
struct RestingFinger {
    private(set) var point: (x: Double, y: Double)
    private var restPoint: (x: Double, y: Double)?

    init(point: (x: Double, y: Double)) {
        self.point = point
    }

    mutating func move(to point: (x: Double, y: Double)) {
        self.point = point
        restPoint = nil
    }

    /// One frame of rest: the phase of its sample (the point follows `TouchRealism.resting`).
    mutating func rest(_ realism: inout TouchRealism, clampedBy synthesizer: GestureSynthesizer) -> TouchPhase {
        let first = restPoint == nil
        let rest = restPoint ?? point
        restPoint = rest
        let sample = realism.resting(at: rest, previous: point, first: first)
        point = synthesizer.clamped(x: sample.x, y: sample.y)
        return sample.phase
    }
}
