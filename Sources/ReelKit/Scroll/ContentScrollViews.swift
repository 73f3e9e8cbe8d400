/// UITableView as a scroll view with a content size: no cells, data source or rows (not
/// modelled). Like UIKit's table view it bounces vertically whatever its content's height
/// (`alwaysBounceVertical` starts true: UIKit's observed default, not documented).
///
/// ```swift
/// let table = UITableView(frame: sheet.bounds, style: .plain)
/// table.contentSize = CGSize(width: 390, height: 44 * 30)  // 30 rows of 44 pt
/// ```
@MainActor open class UITableView: UIScrollView {
    /// UITableView.Style with UIKit's raw values.
    public nonisolated enum Style: Int, Sendable {
        case plain = 0
        case grouped = 1
        case insetGrouped = 2
    }

    public let style: Style

    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        alwaysBounceVertical = true
    }

    public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }
}

/// UICollectionView as a scroll view with a content size: the layout object is kept, no cells
/// or items are laid out (not modelled).
@MainActor open class UICollectionView: UIScrollView {
    @exclusivity(unchecked) public var collectionViewLayout: UICollectionViewLayout

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
    }
}

/// A collection view's layout: kept as a value, lays nothing out.
@MainActor open class UICollectionViewLayout: NSObject {
    public override init() {}
}

/// UICollectionViewFlowLayout: its scroll direction is kept (no items are laid out).
@MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// UICollectionView.ScrollDirection's two cases, UIKit's raw values.
    public nonisolated enum ScrollDirection: Int, Sendable {
        case vertical = 0
        case horizontal = 1
    }

    @exclusivity(unchecked) public var scrollDirection: ScrollDirection = .vertical
}

/// A table view's delegate: its scroll view delegate calls (no row callbacks are made).
@MainActor public protocol UITableViewDelegate: UIScrollViewDelegate {}

/// A collection view's delegate: its scroll view delegate calls (no item callbacks are made).
@MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {}
