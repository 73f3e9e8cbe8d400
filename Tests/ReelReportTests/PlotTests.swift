import Testing

@testable import ReelReport

@Suite struct PlotTests {
    @Test func escapeReplacesTheFiveSpecialCharacters() {
        #expect(HTML.escape(#"<a href="x">Tom & 'Jerry'</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
    }

    @Test func ticksAreWholeStepsOfOneTwoOrFive() {
        func close(_ lhs: [Double], _ rhs: [Double]) -> Bool {
            lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { abs($0 - $1) < 1e-12 }
        }
        #expect(close(PlotAxes.ticks(0...1), [0, 0.2, 0.4, 0.6, 0.8, 1.0]))
        #expect(close(PlotAxes.ticks(-1000...3000), [-1000, 0, 1000, 2000, 3000]))
        #expect(close(PlotAxes.ticks(0.13...0.87), [0.2, 0.4, 0.6, 0.8]))
        let widened = PlotAxes.widened(0.13...0.87)
        #expect(close([widened.lowerBound, widened.upperBound], [0, 1]))
        // One value: ±10 % around it (4.5...5.5), then out to whole steps of 0.2.
        let single = PlotAxes.widened(5...5)
        #expect(close([single.lowerBound, single.upperBound], [4.4, 5.6]))
    }

    @Test func axesMapTheRangeOntoThePixelBox() {
        let axes = PlotAxes(left: 10, top: 20, width: 100, height: 50, x: 0...1, y: 0...10)
        #expect(axes.px(0) == 10 && axes.px(1) == 110 && axes.px(0.5) == 60)
        // SVG y grows downwards: the range's bottom is the box's bottom edge.
        #expect(axes.py(0) == 70 && axes.py(10) == 20)
    }

    @Test func linePlotDrawsOnePolylinePerSeriesAndEscapesItsTexts() {
        let plot = LinePlot(
            title: "a <b>", xLabel: "t", yLabel: "p",
            series: [
                .init(name: "recorded", role: .recorded, points: [PlotPoint(x: 0, y: 0), PlotPoint(x: 1, y: 1)]),
                .init(name: "replayed", role: .replayed, points: [PlotPoint(x: 0, y: 0), PlotPoint(x: 1, y: 0.5)]),
            ], marker: (0.5, "frame 3"))
        let svg = plot.svg.html
        #expect(svg.matches(of: /<polyline class="recorded"/).count == 1)
        #expect(svg.matches(of: /<polyline class="replayed"/).count == 1)
        #expect(svg.contains("a &lt;b&gt;") && !svg.contains("a <b>"))
        // The recorded line runs from the bottom-left to the top-right corner of the plotting box.
        #expect(svg.contains(#"points="58,216 506,42""#))
    }

    @Test func decisionMapShadesTheCellsOfFlippedSessionsOnly() {
        let points = [
            DecisionPoint(sessionID: 1, progress: 0.47, velocity: 100, recordedFinished: false, candidateFinished: true),
            DecisionPoint(sessionID: 2, progress: 0.48, velocity: 110, recordedFinished: false, candidateFinished: true),
            DecisionPoint(sessionID: 3, progress: 0.9, velocity: 500, recordedFinished: true, candidateFinished: true),
            DecisionPoint(sessionID: 4, progress: 0.1, velocity: -500, recordedFinished: false, candidateFinished: nil),
        ]
        let map = DecisionMapPlot(title: "m", recordedLabel: "r", candidateLabel: "c", points: points)
        // x 0...1 in 20 columns: 0.47 and 0.48 are both in column 9; y -500...500 in 12 rows of
        // 1000/12: 100 and 110 are both in row 7.
        #expect(map.flippedCellIndices(xRange: 0...1, yRange: -500...500) == [[9, 7]])
        // One shaded cell per panel plus the legend swatch; session 4 has no candidate mark.
        #expect(map.svg.html.matches(of: /class="flip"/).count == 3)
        #expect(map.svg.html.matches(of: /<circle [^>]*class="finished"/).count == 1 + 3 + 1)
        #expect(!map.svg.html.contains("touch-cancelled"))
    }

    @Test func decisionMapBoxesSessionsWhoseTouchesWereCancelled() {
        let points = [
            DecisionPoint(
                sessionID: 1, progress: 0.3, velocity: 50, recordedFinished: false, candidateFinished: false, touchCancelled: true),
            DecisionPoint(sessionID: 2, progress: 0.8, velocity: 400, recordedFinished: true, candidateFinished: true),
        ]
        let svg = DecisionMapPlot(title: "m", recordedLabel: "r", candidateLabel: "c", points: points).svg.html
        // One square per panel around session 1's cross, plus the legend's.
        #expect(svg.matches(of: /<rect [^>]*class="touch-cancelled"/).count == 2 + 1)
        #expect(svg.contains("touches cancelled"))
    }
}
