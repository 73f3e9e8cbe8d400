extension UIViewController {
    /// A container controller's own view (UINavigationController, UITabBarController): a
    /// screen-sized wrapper that traces leave out (frames list the children's views, not the
    /// container's), holding `child`'s view at its bounds when there is one. Sets `view` and
    /// returns the wrapper, for the container to add its own recognizers to.
    func loadStructuralWrapper(showing child: UIViewController?) -> UIView {
        let bounds = KitRuntime.current.map { UIViewController.screenBounds($0) } ?? .zero
        let wrapper = UIView(frame: bounds)
        view = wrapper
        wrapper.owningController = nil
        wrapper.structuralName = reelName + ".wrapper"
        if let child {
            child.view.frame = wrapper.bounds
            wrapper.addSubview(child.view)
        }
        return wrapper
    }
}
